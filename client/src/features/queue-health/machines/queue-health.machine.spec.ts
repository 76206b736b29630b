import type { FailedJob, FailedJobPage, QueueHealth, RetriedJobs } from '@campus/contracts/queue-health';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../../../lib/api-client';
import type { FailedJobsRequest } from '../api/get-failed-jobs';
import type { RetryJobsRequest } from '../api/retry-failed-jobs';
import {
  lastPageOffset,
  QUEUE_REFRESH_MS,
  queueHealthMachine,
  selectFailedStatus,
  selectIsRefreshPaused,
  type QueueHealthEvent,
} from './queue-health.machine';

const counts = (failed: number) => ({ waiting: 1, active: 0, delayed: 2, completed: 40, failed, paused: 0 });

const health = (failedByQueue: Record<string, number>): QueueHealth => ({
  queues: Object.entries(failedByQueue).map(([name, failed]) => ({ name, isPaused: false, counts: counts(failed), workerCount: 1, schedules: [] })),
  unrelayedEvents: 0,
});

const aJob = (jobId: string): FailedJob => ({
  jobId,
  name: 'grade-exam',
  failedReason: 'boom',
  attemptsMade: 5,
  createdAt: '2026-11-22T01:00:00.000Z',
  failedAt: '2026-11-22T01:05:00.000Z',
  dataPreview: '{"eventId":"e1"}',
});

const failedPage = (total: number, offset = 0, count = Math.min(20, Math.max(0, total - offset))): FailedJobPage => ({
  items: Array.from({ length: count }, (_, i) => aJob(String(offset + i + 1))),
  total,
  limit: 20,
  offset,
});

interface Fakes {
  health?: () => Promise<QueueHealth>;
  failed?: (input: FailedJobsRequest) => Promise<FailedJobPage>;
  retry?: (input: RetryJobsRequest) => Promise<RetriedJobs>;
}

function start(fakes: Fakes = {}) {
  const calls = { health: 0, failed: [] as FailedJobsRequest[], retries: [] as RetryJobsRequest[] };
  let visibility: ((event: QueueHealthEvent) => void) | null = null;
  const logic = queueHealthMachine.provide({
    actors: {
      loadHealth: fromPromise<QueueHealth>(() => {
        calls.health += 1;
        return fakes.health?.() ?? Promise.resolve(health({ campus: 3 }));
      }),
      loadFailed: fromPromise<FailedJobPage, FailedJobsRequest>(({ input }) => {
        calls.failed.push(input);
        return fakes.failed?.(input) ?? Promise.resolve(failedPage(3));
      }),
      retryJobs: fromPromise<RetriedJobs, RetryJobsRequest>(({ input }) => {
        calls.retries.push(input);
        return fakes.retry?.(input) ?? Promise.resolve({ retriedCount: input.jobId === null ? 3 : 1 });
      }),
      watchVisibility: fromCallback<QueueHealthEvent>(({ sendBack }) => {
        visibility = sendBack;
      }),
    },
  });
  const actor = createActor(logic).start();
  const context = () => actor.getSnapshot().context;
  return { actor, calls, context, visibility: (visible: boolean) => visibility!({ type: visible ? 'VISIBLE' : 'HIDDEN' }) };
}

/** Lets the fake calls answer (fake timers: promise callbacks only). */
const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('queueHealthMachine', () => {
  it('loads the health, then the failed jobs of the queue that has some', async () => {
    const { actor, calls, context } = start({ health: async () => health({ other: 0, campus: 3 }) });
    await settle();

    expect(context().health!.queues.map((queue) => queue.name)).toEqual(['other', 'campus']);
    expect(context().updatedAt).not.toBeNull();
    expect(calls.failed).toEqual([{ queueName: 'campus', offset: 0 }]);
    expect(selectFailedStatus(actor.getSnapshot())).toBe('ready');
    expect(context().failedPage!.items.map((job) => job.jobId)).toEqual(['1', '2', '3']);
  });

  it('refreshes every 5 s while the page is visible, not while hidden, and at once when shown again', async () => {
    const { actor, calls, visibility } = start();
    await settle();
    expect(calls.health).toBe(1);

    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_MS);
    expect(calls.health).toBe(2);

    visibility(false);
    expect(selectIsRefreshPaused(actor.getSnapshot())).toBe(true);
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_MS * 4);
    expect(calls.health).toBe(2);

    visibility(true);
    await settle();
    expect(calls.health).toBe(3);
    expect(selectIsRefreshPaused(actor.getSnapshot())).toBe(false);
  });

  it('does not start the timer when the page was hidden while the health loaded', async () => {
    let answer: (value: QueueHealth) => void = () => {};
    const { actor, calls, visibility } = start({ health: () => new Promise((resolve) => (answer = resolve)) });
    visibility(false);
    answer(health({ campus: 0 }));
    await settle();
    expect(selectIsRefreshPaused(actor.getSnapshot())).toBe(true);
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_MS * 2);
    expect(calls.health).toBe(1);
  });

  it('says why the health failed and tries again on the next tick', async () => {
    let fail = true;
    const { calls, context } = start({
      health: async () => {
        if (fail) throw new ApiError({ message: 'サーバーエラー', status: 500, code: 'INTERNAL_ERROR' });
        return health({ campus: 0 });
      },
    });
    await settle();
    expect(context().healthError).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(calls.failed).toEqual([]);

    fail = false;
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_MS);
    expect(context().healthError).toBeNull();
    expect(calls.failed).toEqual([{ queueName: 'campus', offset: 0 }]);
  });

  it('pages by 20, and falls back to the last page when the jobs left meanwhile', async () => {
    let total = 45;
    const { actor, calls, context } = start({ failed: async ({ offset }) => failedPage(total, offset) });
    await settle();

    actor.send({ type: 'SHOW_PAGE', offset: 40 });
    await settle();
    expect(context().failedPage!.items.map((job) => job.jobId)).toEqual(['41', '42', '43', '44', '45']);

    total = 30;
    actor.send({ type: 'SHOW_PAGE', offset: 40 });
    await settle();
    expect(calls.failed.map((call) => call.offset)).toEqual([0, 40, 40, 20]);
    expect(context().offset).toBe(20);
    expect(context().failedPage!.items).toHaveLength(10);
  });

  it('switches queue from the first page', async () => {
    const { actor, calls } = start({ health: async () => health({ campus: 3, mail: 1 }) });
    await settle();
    actor.send({ type: 'SHOW_PAGE', offset: 20 });
    await settle();
    actor.send({ type: 'SELECT_QUEUE', queueName: 'mail' });
    await settle();
    expect(calls.failed.at(-1)).toEqual({ queueName: 'mail', offset: 0 });
  });

  it('retries one job, says so, and reloads the list and the counts at once', async () => {
    let total = 3;
    const { actor, calls, context } = start({
      health: async () => health({ campus: total }),
      failed: async ({ offset }) => failedPage(total, offset),
      retry: async () => {
        total = 2;
        return { retriedCount: 1 };
      },
    });
    await settle();
    expect(calls.health).toBe(1);

    actor.send({ type: 'RETRY_JOB', jobId: '2' });
    expect(selectFailedStatus(actor.getSnapshot())).toBe('retrying');
    expect(context().retryingJobId).toBe('2');
    await settle();

    expect(calls.retries).toEqual([{ queueName: 'campus', jobId: '2' }]);
    expect(context().notice).toBe('ジョブ 2 を再実行しました。');
    expect(calls.health).toBe(2);
    expect(calls.failed).toHaveLength(2);
    expect(context().failedPage!.total).toBe(2);
  });

  it('asks before retrying every failed job; キャンセル changes nothing', async () => {
    const { actor, calls, context } = start();
    await settle();

    actor.send({ type: 'RETRY_ALL' });
    expect(selectFailedStatus(actor.getSnapshot())).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(selectFailedStatus(actor.getSnapshot())).toBe('ready');
    expect(calls.retries).toEqual([]);

    actor.send({ type: 'RETRY_ALL' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(calls.retries).toEqual([{ queueName: 'campus', jobId: null }]);
    expect(context().notice).toBe('失敗したジョブ 3 件を再実行しました。');
  });

  it('offers no すべて再実行 when nothing failed', async () => {
    const { actor } = start({ health: async () => health({ campus: 0 }), failed: async () => failedPage(0) });
    await settle();
    actor.send({ type: 'RETRY_ALL' });
    expect(selectFailedStatus(actor.getSnapshot())).toBe('ready');
  });

  it('shows why a retry failed and the list as it is now', async () => {
    const { actor, calls, context } = start({
      retry: async () => {
        throw new ApiError({ message: 'ジョブが見つかりません', status: 404, code: 'NOT_FOUND' });
      },
    });
    await settle();
    actor.send({ type: 'RETRY_JOB', jobId: '1' });
    await settle();
    expect(context().actionError).toBe('ジョブが見つかりません');
    expect(context().notice).toBeNull();
    expect(calls.failed).toHaveLength(2);
    expect(selectFailedStatus(actor.getSnapshot())).toBe('ready');
  });

  it('reloads the failed list when the counts say it changed, and only then', async () => {
    let total = 3;
    const { calls } = start({ health: async () => health({ campus: total }), failed: async () => failedPage(total) });
    await settle();
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_MS);
    expect(calls.failed).toHaveLength(1);

    total = 4;
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_MS);
    expect(calls.failed).toHaveLength(2);
  });

  it('shows a failed list error and loads again on request', async () => {
    let fail = true;
    const { actor, context } = start({
      failed: async () => {
        if (fail) throw new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' });
        return failedPage(1);
      },
    });
    await settle();
    expect(selectFailedStatus(actor.getSnapshot())).toBe('error');
    expect(context().failedError).toBe('通信エラー');

    fail = false;
    actor.send({ type: 'RELOAD_FAILED' });
    await settle();
    expect(selectFailedStatus(actor.getSnapshot())).toBe('ready');
    expect(context().failedError).toBeNull();
  });

  it('knows the offset of the last page', () => {
    expect(lastPageOffset(0)).toBe(0);
    expect(lastPageOffset(20)).toBe(0);
    expect(lastPageOffset(21)).toBe(20);
    expect(lastPageOffset(45)).toBe(40);
  });
});
