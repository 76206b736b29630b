import type { ImportQuestionsResult, QuestionBank, QuestionBankQuery } from '@campus/contracts/studio-questions';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { importNoticeOf, queryOf, questionListMachine, SEARCH_PAUSE_MS } from './question-list.machine';

const bankOf = (count: number): QuestionBank => ({
  courseSlug: 'line-ads-basic',
  courseTitle: 'LINE広告 Basic',
  courseVersion: 1,
  blueprint: { questionCount: 1, minutes: 30, passPercent: 70, retakeWaitHours: 24, topics: { basics: 1 }, topicNames: { basics: '基本' }, badgeValidMonths: 12 },
  publishedByTopic: { basics: count },
  questions: [],
});

function start(importYaml: () => Promise<ImportQuestionsResult> = () => Promise.resolve({ created: ['n-1'], changed: [], unchanged: 3 })) {
  const queries: QuestionBankQuery[] = [];
  const logic = questionListMachine.provide({
    actors: {
      load: fromPromise<QuestionBank, { courseSlug: string; query: QuestionBankQuery }>(({ input }) => {
        queries.push(input.query);
        return Promise.resolve(bankOf(queries.length));
      }),
      importYaml: fromPromise(importYaml),
    },
  });
  return { actor: createActor(logic, { input: { courseSlug: 'line-ads-basic' } }).start(), queries };
}

describe('the question list filters', () => {
  afterEach(() => jest.useRealTimers());

  it('sends only the filters chosen, keeping the search words when a select changes', async () => {
    const { actor, queries } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(queries).toEqual([{}]);
    actor.send({ type: 'FILTER', filter: { status: 'draft', topic: undefined, type: undefined } });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'FILTER', filter: { status: 'draft', topic: 'basics', type: 'multiple' } });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(queries.slice(1)).toEqual([{ status: 'draft' }, { status: 'draft', topic: 'basics', type: 'multiple' }]);
    // 「すべて」 (an empty choice) is no filter.
    expect(queryOf({ status: undefined, topic: '', q: '  ' })).toEqual({});
  });

  it('asks once per pause in typing, with the latest words and the other filters', async () => {
    jest.useFakeTimers();
    const { actor, queries } = start();
    await jest.advanceTimersByTimeAsync(0);
    actor.send({ type: 'FILTER', filter: { type: 'single' } });
    await jest.advanceTimersByTimeAsync(0);
    for (const q of ['友', '友だ', '友だち']) {
      actor.send({ type: 'SEARCH', q });
      await jest.advanceTimersByTimeAsync(SEARCH_PAUSE_MS / 3);
    }
    expect(queries).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(SEARCH_PAUSE_MS);
    expect(queries).toEqual([{}, { type: 'single' }, { type: 'single', q: '友だち' }]);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('reloads after an import and says what it did; a refused import keeps the list and names the item', async () => {
    const { actor, queries } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'IMPORT', yaml: '- id: n-1' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && queries.length === 2);
    expect(actor.getSnapshot().context.notice).toBe(importNoticeOf({ created: ['n-1'], changed: [], unchanged: 3 }));

    const refused = start(() => Promise.reject(new ApiError({ message: '2 問目（x）の選択肢: 正解の選択肢を 1 つ選んでください', status: 400, code: 'VALIDATION_FAILED', field: 'items.1.choices' })));
    await waitFor(refused.actor, (snapshot) => snapshot.matches('ready'));
    refused.actor.send({ type: 'IMPORT', yaml: 'x' });
    await waitFor(refused.actor, (snapshot) => snapshot.context.importError !== null);
    expect(refused.actor.getSnapshot().context).toMatchObject({ importError: '2 問目（x）の選択肢: 正解の選択肢を 1 つ選んでください', notice: null });
    expect(refused.queries).toHaveLength(1);
    expect(importNoticeOf({ created: [], changed: [], unchanged: 5 })).toBe('変更はありませんでした（5 問は同じ内容です）。');
  });
});
