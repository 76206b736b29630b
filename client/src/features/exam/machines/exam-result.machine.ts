import type { ExamResult } from '@campus/contracts/exams';
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { trackEvent } from '../../../lib/analytics';
import { getLastResult, RESULT_PENDING } from '../api/get-last-result';
import { onExamGraded } from '../api/subscribe-exam-events';

/**
 * The result page (spec §4: submit → result). Grading runs in a worker, so right after an exam the
 * page waits for that session's result: it asks again every few seconds and at once when the socket
 * says `exam.graded`.
 *
 *   loading ─┬─ the awaited session is graded (or nothing awaited and a result exists) → shown
 *            ├─ awaited, not graded yet, or the latest attempt still being graded (a learner back after
 *            │  the deadline: the server has just closed the session) ──→ grading ── exam.graded / poll delay ──→ loading
 *            ├─ awaited, still not graded after MAX_POLLS (or an unknown session) → delayed ── RETRY → loading
 *            ├─ nothing awaited, none (404) → none
 *            └─ failure (the API client's popup said why) → failed ── RETRY → loading
 */

export interface ExamResultInput {
  courseSlug: string;
  /** The session just finished, when the exam page sent the learner here. */
  examSessionId: string | null;
}

export interface ExamResultContext extends ExamResultInput {
  result: ExamResult | null;
  polls: number;
}

export type ExamResultEvent = { type: 'GRADED'; examSessionId: string } | { type: 'RETRY' };

/** Quick polls first (grading takes seconds), then slower ones, in case the worker is behind. */
export const QUICK_POLL_MS = 2000;
export const SLOW_POLL_MS = 10_000;
const QUICK_POLLS = 30;
/** About six minutes of asking; past that the page says so instead of spinning for ever. */
export const MAX_POLLS = 60;

type LastResult = ExamResult | null | typeof RESULT_PENDING;

const isAwaitedResult = (context: ExamResultContext, result: ExamResult) =>
  context.examSessionId === null || result.examSessionId === context.examSessionId;

export const examResultMachine = setup({
  types: {
    input: {} as ExamResultInput,
    context: {} as ExamResultContext,
    events: {} as ExamResultEvent,
  },
  actors: {
    fetchResult: fromPromise<LastResult, { courseSlug: string }>(({ input }) => getLastResult(input.courseSlug)),
    gradedPush: fromCallback<ExamResultEvent>(({ sendBack }) =>
      onExamGraded(({ examSessionId }) => sendBack({ type: 'GRADED', examSessionId })),
    ),
  },
  delays: {
    POLL: ({ context }) => (context.polls < QUICK_POLLS ? QUICK_POLL_MS : SLOW_POLL_MS),
  },
  guards: {
    isAwaited: ({ context }, params: { result: LastResult }) =>
      params.result !== null && params.result !== RESULT_PENDING && isAwaitedResult(context, params.result),
    /** Something is being graded: the session the exam page sent, or the latest attempt the server reports pending. */
    awaitsOne: ({ context }, params: { result: LastResult }) => context.examSessionId !== null || params.result === RESULT_PENDING,
    /** Awaiting one, and not yet asked MAX_POLLS times. */
    pollsLeft: ({ context }, params: { result: LastResult }) =>
      (context.examSessionId !== null || params.result === RESULT_PENDING) && context.polls < MAX_POLLS,
    isAwaitedSession: ({ context, event }) => event.type === 'GRADED' && (context.examSessionId === null || event.examSessionId === context.examSessionId),
  },
  actions: {
    track: ({ context }) => {
      if (!context.result) return;
      trackEvent(context.result.passed ? 'exam_pass_end' : 'exam_fail_end', { courseSlug: context.courseSlug, percent: context.result.percent });
    },
  },
}).createMachine({
  id: 'examResult',
  context: ({ input }) => ({ ...input, result: null, polls: 0 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchResult',
        input: ({ context }) => ({ courseSlug: context.courseSlug }),
        onDone: [
          {
            guard: { type: 'isAwaited', params: ({ event }) => ({ result: event.output }) },
            target: 'shown',
            actions: assign({ result: ({ event }) => event.output as ExamResult }),
          },
          { guard: { type: 'pollsLeft', params: ({ event }) => ({ result: event.output }) }, target: 'grading' },
          { guard: { type: 'awaitsOne', params: ({ event }) => ({ result: event.output }) }, target: 'delayed' },
          { target: 'none' },
        ],
        onError: 'failed',
      },
    },
    grading: {
      invoke: { src: 'gradedPush' },
      after: { POLL: { target: 'loading', actions: assign({ polls: ({ context }) => context.polls + 1 }) } },
      on: { GRADED: { guard: 'isAwaitedSession', target: 'loading' } },
    },
    shown: {
      entry: 'track',
      type: 'final',
    },
    none: { type: 'final' },
    failed: {
      on: { RETRY: 'loading' },
    },
    delayed: {
      on: { RETRY: { target: 'loading', actions: assign({ polls: 0 }) } },
    },
  },
});

export type ExamResultSnapshot = SnapshotFrom<typeof examResultMachine>;
export type ExamResultPhase = 'grading' | 'shown' | 'none' | 'failed' | 'delayed';

export function selectResultPhase(snapshot: ExamResultSnapshot): ExamResultPhase {
  if (snapshot.matches('shown')) return 'shown';
  if (snapshot.matches('none')) return 'none';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('delayed')) return 'delayed';
  return 'grading';
}

export const selectResult = (snapshot: ExamResultSnapshot) => snapshot.context.result;
