import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import type { AnalyticsQuery } from '../api/get-exam-analytics';
import { examAnalyticsMachine, selectHasFailed, selectIsLoading } from './exam-analytics.machine';

const analytics = (from: string, to: string): ExamAnalytics => ({ from, to, granularity: 'day', courses: [], topics: [], questions: [], reviews: [] });

function start() {
  const requests: { input: AnalyticsQuery; answer: ReturnType<typeof deferred<ExamAnalytics>> }[] = [];
  const logic = examAnalyticsMachine.provide({
    actors: {
      loadAnalytics: fromPromise<ExamAnalytics, AnalyticsQuery>(({ input }) => {
        const answer = deferred<ExamAnalytics>();
        requests.push({ input, answer });
        return answer.promise;
      }),
    },
  });
  const actor = createActor(logic, { input: { today: '2026-11-22' } }).start();
  return { actor, requests, context: () => actor.getSnapshot().context };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('examAnalyticsMachine', () => {
  it('asks for the last 30 days by day over all courses at first', async () => {
    const { actor, requests, context } = start();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(requests[0]!.input).toEqual({ from: '2026-10-24', to: '2026-11-22', granularity: 'day', courseSlug: '' });

    requests[0]!.answer.resolve(analytics('2026-10-24', '2026-11-22'));
    await settle();
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(context().data!.from).toBe('2026-10-24');
  });

  it('asks again only on APPLY, with what the form holds', async () => {
    const { actor, requests } = start();
    requests[0]!.answer.resolve(analytics('2026-10-24', '2026-11-22'));
    await settle();

    actor.send({ type: 'EDIT', field: 'from', value: '2026-09-01' });
    actor.send({ type: 'EDIT', field: 'granularity', value: 'week' });
    actor.send({ type: 'EDIT', field: 'courseSlug', value: 'line-ads-basic' });
    expect(requests).toHaveLength(1);

    actor.send({ type: 'APPLY' });
    expect(requests[1]!.input).toEqual({ from: '2026-09-01', to: '2026-11-22', granularity: 'week', courseSlug: 'line-ads-basic' });
  });

  it('keeps the last charts and the typed range when the server refuses the range, naming the field', async () => {
    const { actor, requests, context } = start();
    requests[0]!.answer.resolve(analytics('2026-10-24', '2026-11-22'));
    await settle();

    actor.send({ type: 'EDIT', field: 'from', value: '2026-12-01' });
    actor.send({ type: 'APPLY' });
    requests[1]!.answer.reject(new ApiError({ message: 'from: from は to 以前の日付で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'from' }));
    await settle();

    expect(selectHasFailed(actor.getSnapshot())).toBe(false);
    expect(context().inputError).toEqual({ message: 'from は to 以前の日付で指定してください', field: 'from' });
    expect(context().data!.from).toBe('2026-10-24');
    expect(context().form.from).toBe('2026-12-01');

    actor.send({ type: 'EDIT', field: 'from', value: '2026-11-01' });
    actor.send({ type: 'APPLY' });
    expect(context().inputError).toBeNull();
  });

  it('fails with the message and retries the same query', async () => {
    const { actor, requests, context } = start();
    requests[0]!.answer.reject(new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' }));
    await settle();
    expect(selectHasFailed(actor.getSnapshot())).toBe(true);
    expect(context().loadError).toBe('通信エラー');

    actor.send({ type: 'RETRY' });
    expect(context().loadError).toBeNull();
    expect(requests[1]!.input).toEqual(requests[0]!.input);
  });

  it('drops an answer overtaken by a newer APPLY', async () => {
    const { actor, requests, context } = start();
    actor.send({ type: 'EDIT', field: 'to', value: '2026-11-10' });
    actor.send({ type: 'APPLY' });
    requests[0]!.answer.resolve(analytics('old', 'old'));
    requests[1]!.answer.resolve(analytics('2026-10-24', '2026-11-10'));
    await settle();
    expect(context().data!.to).toBe('2026-11-10');
  });

  it('orders the questions table on SORT_QUESTIONS without asking the server, and keeps the order for a new range', async () => {
    const { actor, requests, context } = start();
    expect(context().questionOrder).toEqual({ column: 'correctRate', direction: 'ascending' });
    actor.send({ type: 'SORT_QUESTIONS', column: 'answered' });
    expect(context().questionOrder).toEqual({ column: 'answered', direction: 'descending' });
    requests[0]!.answer.resolve(analytics('2026-10-24', '2026-11-22'));
    await settle();

    actor.send({ type: 'SORT_QUESTIONS', column: 'answered' });
    expect(context().questionOrder).toEqual({ column: 'answered', direction: 'ascending' });
    expect(requests).toHaveLength(1);
    actor.send({ type: 'APPLY' });
    requests[1]!.answer.resolve(analytics('2026-10-24', '2026-11-22'));
    await settle();
    expect(context().questionOrder).toEqual({ column: 'answered', direction: 'ascending' });
  });
});
