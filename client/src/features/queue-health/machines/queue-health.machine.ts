import { FAILED_JOB_PAGE_SIZE, type FailedJobPage, type QueueHealth, type RetriedJobs, type StartedJob } from '@campus/contracts/queue-health';
import { assign, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { getFailedJobs, type FailedJobsRequest } from '../api/get-failed-jobs';
import { getQueueHealth } from '../api/get-queue-health';
import { retryFailedJobs, type RetryJobsRequest } from '../api/retry-failed-jobs';
import { runScheduledJob, type RunScheduledJobRequest } from '../api/run-scheduled-job';
import { scheduledJobLabelOf } from '../scheduled-job-labels';
import { watchPageVisibility } from '../page-visibility';

/** The cards refresh this often while the page is visible. */
export const QUEUE_REFRESH_MS = 5_000;

/**
 * The queue page (/admin/queues).
 *
 *   health:  fetching ─→ waiting ── 5 s ─→ fetching …      (a failure waits too, and tries again)
 *                 └──────→ hidden (document hidden: no timer) ── VISIBLE ─→ fetching
 *            REFRESH (after a retry) fetches at once.
 *   failed:  idle ── first health ─→ loading ─→ ready ── SHOW_PAGE / SELECT_QUEUE ─→ loading
 *                                        └─→ error ── RELOAD_FAILED / next health ─→ loading
 *            ready ── RETRY_JOB ─→ retrying ─→ loading (+REFRESH)
 *            ready ── RETRY_ALL ─→ confirming ── CONFIRM ─→ retrying ─→ loading (+REFRESH)
 *                                     └── CANCEL ─→ ready
 *            A health whose failed count differs from the page's total reloads the page.
 *   schedule: idle ── RUN_SCHEDULE ─→ running ─→ idle (+REFRESH; notice or error)
 */

export interface QueueHealthContext {
  health: QueueHealth | null;
  healthError: string | null;
  /** When the health last answered (ISO 8601). */
  updatedAt: string | null;
  visible: boolean;
  /** The queue whose failed jobs are listed. */
  queueName: string | null;
  offset: number;
  failedPage: FailedJobPage | null;
  failedError: string | null;
  /** The job being retried; null while retrying all of them. */
  retryingJobId: string | null;
  /** What the last retry did (role=status). */
  notice: string | null;
  /** Why the last retry failed (role=alert). */
  actionError: string | null;
  /** The scheduled job being started now. */
  runningSchedule: RunScheduledJobRequest | null;
  /** What the last 「今すぐ実行」 did, or why it failed. */
  scheduleNotice: string | null;
  scheduleError: string | null;
}

export type QueueHealthEvent =
  | { type: 'VISIBLE' }
  | { type: 'HIDDEN' }
  | { type: 'REFRESH' }
  | { type: 'SELECT_QUEUE'; queueName: string }
  | { type: 'SHOW_PAGE'; offset: number }
  | { type: 'RELOAD_FAILED' }
  | { type: 'RETRY_JOB'; jobId: string }
  | { type: 'RETRY_ALL' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RUN_SCHEDULE'; queueName: string; jobName: string }
  /** Internal: a health answer arrived. */
  | { type: 'HEALTH_LOADED' };

/** The failed count the health reports for a queue; null when the queue is unknown. */
export const failedCountOf = (health: QueueHealth | null, queueName: string | null): number | null =>
  health?.queues.find((queue) => queue.name === queueName)?.counts.failed ?? null;

/** The offset of the last page of `total` jobs. */
export const lastPageOffset = (total: number): number => Math.max(0, Math.ceil(total / FAILED_JOB_PAGE_SIZE) - 1) * FAILED_JOB_PAGE_SIZE;

const freshStart = { notice: null, actionError: null } as const;

export const queueHealthMachine = setup({
  types: {
    context: {} as QueueHealthContext,
    events: {} as QueueHealthEvent,
  },
  actors: {
    loadHealth: fromPromise<QueueHealth>(({ signal }) => getQueueHealth({ signal })),
    loadFailed: fromPromise<FailedJobPage, FailedJobsRequest>(({ input, signal }) => getFailedJobs(input, { signal })),
    retryJobs: fromPromise<RetriedJobs, RetryJobsRequest>(({ input }) => retryFailedJobs(input)),
    runSchedule: fromPromise<StartedJob, RunScheduledJobRequest>(({ input }) => runScheduledJob(input)),
    watchVisibility: fromCallback<QueueHealthEvent>(({ sendBack }) =>
      watchPageVisibility((visible) => sendBack({ type: visible ? 'VISIBLE' : 'HIDDEN' })),
    ),
  },
  guards: {
    isHidden: ({ context }) => !context.visible,
    hasQueues: ({ context }) => (context.health?.queues.length ?? 0) > 0,
    hasFailedJobs: ({ context }) => (context.failedPage?.total ?? 0) > 0,
    failedCountChanged: ({ context }) => {
      const count = failedCountOf(context.health, context.queueName);
      return count !== null && context.failedPage !== null && count !== context.failedPage.total;
    },
  },
  actions: {
    markVisible: assign({ visible: true }),
    markHidden: assign({ visible: false }),
    announceHealth: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'HEALTH_LOADED' })),
    refreshHealth: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'REFRESH' })),
  },
}).createMachine({
  id: 'queueHealth',
  type: 'parallel',
  context: {
    health: null,
    healthError: null,
    updatedAt: null,
    visible: true,
    queueName: null,
    offset: 0,
    failedPage: null,
    failedError: null,
    retryingJobId: null,
    notice: null,
    actionError: null,
    runningSchedule: null,
    scheduleNotice: null,
    scheduleError: null,
  },
  invoke: { src: 'watchVisibility' },
  on: {
    VISIBLE: { actions: 'markVisible' },
    HIDDEN: { actions: 'markHidden' },
  },
  states: {
    health: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            src: 'loadHealth',
            onDone: [
              {
                guard: 'isHidden',
                target: 'hidden',
                actions: [assign({ health: ({ event }) => event.output, healthError: null, updatedAt: () => new Date().toISOString() }), 'announceHealth'],
              },
              {
                target: 'waiting',
                actions: [assign({ health: ({ event }) => event.output, healthError: null, updatedAt: () => new Date().toISOString() }), 'announceHealth'],
              },
            ],
            onError: [
              { guard: 'isHidden', target: 'hidden', actions: assign({ healthError: ({ event }) => errorMessageOf(event.error) }) },
              { target: 'waiting', actions: assign({ healthError: ({ event }) => errorMessageOf(event.error) }) },
            ],
          },
          // A retry changed the counts: the answer on its way may predate it.
          on: { REFRESH: { target: 'fetching', reenter: true } },
        },
        waiting: {
          after: { [QUEUE_REFRESH_MS]: { target: 'fetching' } },
          on: {
            REFRESH: { target: 'fetching' },
            HIDDEN: { target: 'hidden', actions: 'markHidden' },
          },
        },
        hidden: {
          on: {
            REFRESH: { target: 'fetching' },
            VISIBLE: { target: 'fetching', actions: 'markVisible' },
          },
        },
      },
    },
    failed: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            HEALTH_LOADED: {
              guard: 'hasQueues',
              target: 'loading',
              // The queue with failures first: that is what the admin came for.
              actions: assign({
                queueName: ({ context }) => {
                  const queues = context.health!.queues;
                  return (queues.find((queue) => queue.counts.failed > 0) ?? queues[0]!).name;
                },
              }),
            },
          },
        },
        loading: {
          entry: assign({ failedError: null }),
          invoke: {
            src: 'loadFailed',
            input: ({ context }) => ({ queueName: context.queueName!, offset: context.offset }),
            onDone: [
              {
                // Jobs left since the page was chosen: show the last page there is.
                guard: ({ context, event }) => event.output.items.length === 0 && event.output.total > 0 && context.offset > 0,
                target: 'loading',
                reenter: true,
                actions: assign({ offset: ({ event }) => lastPageOffset(event.output.total) }),
              },
              { target: 'ready', actions: assign({ failedPage: ({ event }) => event.output }) },
            ],
            onError: { target: 'error', actions: assign({ failedError: ({ event }) => errorMessageOf(event.error) }) },
          },
          on: {
            SELECT_QUEUE: { target: 'loading', reenter: true, actions: assign(({ event }) => ({ queueName: event.queueName, offset: 0, failedPage: null, ...freshStart })) },
            SHOW_PAGE: { target: 'loading', reenter: true, actions: assign(({ event }) => ({ offset: event.offset, ...freshStart })) },
          },
        },
        ready: {
          on: {
            SELECT_QUEUE: { target: 'loading', actions: assign(({ event }) => ({ queueName: event.queueName, offset: 0, failedPage: null, ...freshStart })) },
            SHOW_PAGE: { target: 'loading', actions: assign(({ event }) => ({ offset: event.offset, ...freshStart })) },
            RELOAD_FAILED: { target: 'loading' },
            HEALTH_LOADED: { guard: 'failedCountChanged', target: 'loading' },
            RETRY_JOB: { target: 'retrying', actions: assign(({ event }) => ({ retryingJobId: event.jobId, ...freshStart })) },
            RETRY_ALL: { guard: 'hasFailedJobs', target: 'confirming', actions: assign(freshStart) },
          },
        },
        error: {
          on: {
            SELECT_QUEUE: { target: 'loading', actions: assign(({ event }) => ({ queueName: event.queueName, offset: 0, failedPage: null, ...freshStart })) },
            RELOAD_FAILED: { target: 'loading' },
            HEALTH_LOADED: { target: 'loading' },
          },
        },
        confirming: {
          on: {
            CONFIRM: { target: 'retrying', actions: assign({ retryingJobId: null }) },
            CANCEL: { target: 'ready' },
          },
        },
        retrying: {
          invoke: {
            src: 'retryJobs',
            input: ({ context }) => ({ queueName: context.queueName!, jobId: context.retryingJobId }),
            onDone: {
              target: 'loading',
              actions: [
                assign({
                  notice: ({ context, event }) =>
                    context.retryingJobId === null
                      ? `失敗したジョブ ${event.output.retriedCount} 件を再実行しました。`
                      : `ジョブ ${context.retryingJobId} を再実行しました。`,
                  retryingJobId: null,
                }),
                'refreshHealth',
              ],
            },
            // E.g. the job was retried elsewhere (404): say why and show the list as it is now.
            onError: {
              target: 'loading',
              actions: [assign({ actionError: ({ event }) => errorMessageOf(event.error), retryingJobId: null }), 'refreshHealth'],
            },
          },
        },
      },
    },
    schedule: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            RUN_SCHEDULE: {
              target: 'running',
              actions: assign(({ event }) => ({ runningSchedule: { queueName: event.queueName, jobName: event.jobName }, scheduleNotice: null, scheduleError: null })),
            },
          },
        },
        running: {
          invoke: {
            src: 'runSchedule',
            input: ({ context }) => context.runningSchedule!,
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({ scheduleNotice: `「${scheduledJobLabelOf(context.runningSchedule!.jobName)}」を実行キューに入れました。`, runningSchedule: null })),
                'refreshHealth',
              ],
            },
            onError: { target: 'idle', actions: assign(({ event }) => ({ scheduleError: errorMessageOf(event.error), runningSchedule: null })) },
          },
        },
      },
    },
  },
});

export type QueueHealthSnapshot = SnapshotFrom<typeof queueHealthMachine>;

export type FailedListStatus = 'idle' | 'loading' | 'ready' | 'error' | 'confirming' | 'retrying';
export const selectFailedStatus = (snapshot: QueueHealthSnapshot): FailedListStatus =>
  (['loading', 'ready', 'error', 'confirming', 'retrying'] as const).find((state) => snapshot.matches({ failed: state })) ?? 'idle';

export const selectIsRefreshPaused = (snapshot: QueueHealthSnapshot) => snapshot.matches({ health: 'hidden' });
export const selectIsFetchingHealth = (snapshot: QueueHealthSnapshot) => snapshot.matches({ health: 'fetching' });
