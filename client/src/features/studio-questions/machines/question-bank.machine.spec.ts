import type { ItemStatistic } from '@campus/contracts/item-statistics';
import type { BankQuestion, QuestionBank, QuestionFields } from '@campus/contracts/studio-questions';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { CONFLICT_MESSAGE, questionBankMachine, sortedQuestions, type QuestionDraft } from './question-bank.machine';

const aQuestion = (questionId: string, overrides: Partial<BankQuestion> = {}): BankQuestion => ({
  questionId,
  version: 1,
  status: 'published',
  publishedVersion: 1,
  topic: 'basics',
  type: 'single',
  prompt: `${questionId} の問題文`,
  choices: [
    { text: '正', correct: true },
    { text: '誤', correct: false },
  ],
  explanation: '解説',
  difficulty: null,
  editedAt: '2026-11-28T00:00:00.000Z',
  editedByName: null,
  ...overrides,
});

const aBank = (questions: BankQuestion[]): QuestionBank => ({
  courseSlug: 'line-ads-basic',
  courseTitle: 'LINE広告 Basic',
  courseVersion: 1,
  blueprint: { questionCount: 2, minutes: 30, passPercent: 70, retakeWaitHours: 24, topics: { basics: 2 }, topicNames: { basics: '基本' }, badgeValidMonths: 12 },
  publishedByTopic: { basics: questions.length },
  questions,
});

const aStat = (questionId: string, pValue: number): ItemStatistic => ({
  questionId,
  topic: 'basics',
  attempts: 10,
  pValue,
  discrimination: 0.3,
  exposure: 0.5,
  lastDrawnAt: null,
  byScoreBand: [],
  flags: [],
});

function start(fakes: { save?: () => Promise<BankQuestion>; history?: () => Promise<BankQuestion[]> } = {}) {
  const saved: QuestionFields[] = [];
  const logic = questionBankMachine.provide({
    actors: {
      load: fromPromise(() => Promise.resolve(aBank([aQuestion('q-1'), aQuestion('q-2')]))),
      stats: fromPromise(() => Promise.resolve({ gradedSessions: 10, items: [aStat('q-1', 0.9), aStat('q-2', 0.4)] })),
      history: fromPromise(() => fakes.history?.() ?? Promise.resolve([aQuestion('q-1')])),
      save: fromPromise<BankQuestion, { courseSlug: string; draft: QuestionDraft }>(({ input }) => {
        saved.push(input.draft.fields);
        return fakes.save?.() ?? Promise.resolve(aQuestion('q-1', { version: 2, status: 'draft' }));
      }),
    },
  });
  return { actor: createActor(logic, { input: { courseSlug: 'line-ads-basic' } }).start(), saved };
}

describe('the question bank machine', () => {
  it('loads the bank and its item statistics, and sorts by a statistic both ways', async () => {
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    const { bank, stats } = actor.getSnapshot().context;
    expect(Object.keys(stats)).toEqual(['q-1', 'q-2']);
    actor.send({ type: 'SORT', key: 'pValue' });
    expect(sortedQuestions(bank!.questions, stats, actor.getSnapshot().context.sort).map((question) => question.questionId)).toEqual(['q-1', 'q-2']);
    actor.send({ type: 'SORT', key: 'pValue' });
    expect(sortedQuestions(bank!.questions, stats, actor.getSnapshot().context.sort).map((question) => question.questionId)).toEqual(['q-2', 'q-1']);
  });

  it('opens a question, saves the edit as a draft, and on a conflict shows the newer version until the admin reloads', async () => {
    const newer = aQuestion('q-1', { version: 3, status: 'draft', prompt: '他の管理者の問題文', editedByName: '管理 花子' });
    let conflict = true;
    const { actor, saved } = start({
      save: () => (conflict ? Promise.reject(new ApiError({ message: CONFLICT_MESSAGE, status: 409, code: 'CONCURRENCY_CONFLICT' })) : Promise.resolve(aQuestion('q-1', { version: 4, status: 'draft' }))),
      history: () => Promise.resolve(conflict ? [newer] : [aQuestion('q-1', { version: 4, status: 'draft' })]),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'OPEN', questionId: 'q-1' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.editor !== null);
    actor.send({ type: 'EDIT', fields: { prompt: '自分の問題文' } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (snapshot) => snapshot.matches('conflict') && snapshot.context.newer !== null);
    expect(saved.at(-1)!.prompt).toBe('自分の問題文');
    expect(actor.getSnapshot().context).toMatchObject({ formError: '他の管理者が先に更新しました', newer: { prompt: '他の管理者の問題文' } });
    expect(actor.getSnapshot().context.editor!.fields.prompt).toBe('自分の問題文');
    conflict = false;
    actor.send({ type: 'RELOAD' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.newer === null);
    expect(actor.getSnapshot().context.editor!.version).toBe(4);
  });

  it('puts a refused field’s message at that field, without the API’s field prefix', async () => {
    const { actor } = start({
      save: () => Promise.reject(new ApiError({ message: 'question.choices: 正解の選択肢を 1 つ選んでください', status: 400, code: 'VALIDATION_FAILED', field: 'question.choices' })),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'NEW' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.formError !== null);
    expect(actor.getSnapshot().context.errors).toEqual({ choices: '正解の選択肢を 1 つ選んでください' });
  });
});
