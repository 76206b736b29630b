import type { ExamResult } from '@campus/contracts/exams';
import type { CertificateIssuedPush } from '@campus/contracts/realtime';
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { trackEvent } from '../../../lib/analytics';
import { findIssuedCertificate } from '../api/find-issued-certificate';
import { getLastResult, RESULT_PENDING } from '../api/get-last-result';
import { subscribeExamResult } from '../api/subscribe-exam-events';

/**
 * The result page (spec §4: submit → result). Grading runs in a worker, so right after an exam the
 * page waits for that session's result. The socket's `exam.graded` carries the result, which is shown
 * as it is; the page asks the API only when the socket cannot tell it.
 *
 *   loading ─┬─ the awaited session is graded (or nothing awaited and a result exists) → shown
 *            ├─ awaited, not graded yet, or the latest attempt still being graded (a learner back after
 *            │  the deadline: the server has just closed the session) ──→ grading
 *            ├─ awaited, still not graded after MAX_POLLS (or an unknown session) → delayed ── RETRY → loading
 *            ├─ nothing awaited, none (404) → none
 *            └─ failure (the API client's popup said why) → failed ── RETRY → loading
 *
 *   grading ─┬─ listening (socket up): exam.graded with the result → shown, no request; a slow check
 *            │  every SLOW_POLL_MS repairs a push that was lost on the way
 *            └─ polling (socket down): asks every QUICK_POLL_MS (then SLOW_POLL_MS); the socket coming
 *               back asks once at once, since pushes sent meanwhile were missed
 *
 * `certificate.issued` for the course, whenever it comes, puts the certificate on the page. A shown pass
 * without its certificate also asks for it every CERTIFICATE_CHECK_MS (CERTIFICATE_CHECKS times) and when the
 * socket comes back: a push sent while the socket was away, or before this page listened, is not lost.
 */

export interface ExamResultInput {
  courseSlug: string;
  /** The session just finished, when the exam page sent the learner here. */
  examSessionId: string | null;
}

export interface ExamResultContext extends ExamResultInput {
  result: ExamResult | null;
  polls: number;
  connected: boolean;
  certificate: CertificateIssuedPush | null;
  certificateChecks: number;
}

export type ExamResultEvent =
  | { type: 'GRADED'; examSessionId: string; result: ExamResult | null }
  | { type: 'CERTIFICATE_ISSUED'; certificate: CertificateIssuedPush }
  | { type: 'SOCKET_CONNECTED' }
  | { type: 'SOCKET_DISCONNECTED' }
  | { type: 'RETRY' };

/** Quick polls first (grading takes seconds), then slower ones, in case the worker is behind. */
export const QUICK_POLL_MS = 2000;
export const SLOW_POLL_MS = 10_000;
const QUICK_POLLS = 30;
/** About six minutes of asking; past that the page says so instead of spinning for ever. */
export const MAX_POLLS = 60;
/** The worker issues a certificate seconds after the grade; about two minutes of asking covers a slow one. */
export const CERTIFICATE_CHECK_MS = 5000;
const CERTIFICATE_CHECKS = 24;

type LastResult = ExamResult | null | typeof RESULT_PENDING;

/** A pass whose certificate has not reached the page, with checks left. */
const isCertificateOwed = (context: ExamResultContext) => context.result?.passed === true && context.certificate === null && context.certificateChecks < CERTIFICATE_CHECKS;

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
    fetchCertificate: fromPromise<CertificateIssuedPush | null, { courseSlug: string; finishedAt: string }>(({ input }) =>
      findIssuedCertificate(input.courseSlug, input.finishedAt),
    ),
    examPushes: fromCallback<ExamResultEvent>(({ sendBack }) =>
      subscribeExamResult({
        onGraded: ({ examSessionId, result }) => sendBack({ type: 'GRADED', examSessionId, result }),
        onCertificateIssued: (certificate) => sendBack({ type: 'CERTIFICATE_ISSUED', certificate }),
        onConnected: () => sendBack({ type: 'SOCKET_CONNECTED' }),
        onDisconnected: () => sendBack({ type: 'SOCKET_DISCONNECTED' }),
      }),
    ),
  },
  delays: {
    POLL: ({ context }) => (context.polls < QUICK_POLLS ? QUICK_POLL_MS : SLOW_POLL_MS),
    CHECK: SLOW_POLL_MS,
    CERTIFICATE_CHECK: CERTIFICATE_CHECK_MS,
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
    /** The push carries the awaited result: nothing to ask. */
    carriesAwaitedResult: ({ context, event }) =>
      event.type === 'GRADED' && event.result !== null && event.result.courseSlug === context.courseSlug && isAwaitedResult(context, event.result),
    isConnected: ({ context }) => context.connected,
    isThisCourse: ({ context, event }) => event.type === 'CERTIFICATE_ISSUED' && event.certificate.courseSlug === context.courseSlug,
  },
  actions: {
    countPoll: assign({ polls: ({ context }) => context.polls + 1 }),
    takePushedResult: assign({ result: ({ event }) => (event.type === 'GRADED' ? event.result : null) }),
    track: ({ context }) => {
      if (!context.result) return;
      trackEvent(context.result.passed ? 'exam_pass_end' : 'exam_fail_end', { courseSlug: context.courseSlug, percent: context.result.percent });
    },
  },
}).createMachine({
  id: 'examResult',
  context: ({ input }) => ({ ...input, result: null, polls: 0, connected: false, certificate: null, certificateChecks: 0 }),
  invoke: { src: 'examPushes' },
  on: {
    SOCKET_CONNECTED: { actions: assign({ connected: true }) },
    SOCKET_DISCONNECTED: { actions: assign({ connected: false }) },
    CERTIFICATE_ISSUED: { guard: 'isThisCourse', actions: assign({ certificate: ({ event }) => (event.type === 'CERTIFICATE_ISSUED' ? event.certificate : null) }) },
  },
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
      on: {
        // The push overtook the request: its result is the answer.
        GRADED: { guard: 'carriesAwaitedResult', target: 'shown', actions: 'takePushedResult' },
      },
    },
    grading: {
      initial: 'choosing',
      on: {
        GRADED: [
          { guard: 'carriesAwaitedResult', target: 'shown', actions: 'takePushedResult' },
          // A push without the result (an event recorded before results were carried): ask for it.
          { guard: 'isAwaitedSession', target: 'loading' },
        ],
      },
      states: {
        choosing: {
          always: [{ guard: 'isConnected', target: 'listening' }, { target: 'polling' }],
        },
        listening: {
          after: { CHECK: { target: '#examResult.loading', actions: 'countPoll' } },
          on: { SOCKET_DISCONNECTED: { target: 'polling', actions: assign({ connected: false }) } },
        },
        polling: {
          after: { POLL: { target: '#examResult.loading', actions: 'countPoll' } },
          on: { SOCKET_CONNECTED: { target: '#examResult.loading', actions: assign({ connected: true }) } },
        },
      },
    },
    // Not final: the certificate may still arrive.
    shown: {
      entry: 'track',
      initial: 'waitingForCertificate',
      states: {
        waitingForCertificate: {
          always: { guard: ({ context }) => !isCertificateOwed(context), target: 'settled' },
          after: { CERTIFICATE_CHECK: 'checkingCertificate' },
          on: { SOCKET_CONNECTED: { target: 'checkingCertificate', actions: assign({ connected: true }) } },
        },
        checkingCertificate: {
          entry: assign({ certificateChecks: ({ context }) => context.certificateChecks + 1 }),
          invoke: {
            src: 'fetchCertificate',
            input: ({ context }) => ({ courseSlug: context.courseSlug, finishedAt: context.result!.finishedAt }),
            onDone: { target: 'waitingForCertificate', actions: assign({ certificate: ({ context, event }) => context.certificate ?? event.output }) },
            // A failed check is one check: the next one asks again.
            onError: 'waitingForCertificate',
          },
        },
        settled: {},
      },
    },
    none: { type: 'final' },
    failed: {
      on: { RETRY: 'loading' },
    },
    delayed: {
      on: {
        RETRY: { target: 'loading', actions: assign({ polls: 0 }) },
        GRADED: { guard: 'carriesAwaitedResult', target: 'shown', actions: 'takePushedResult' },
      },
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
export const selectCertificate = (snapshot: ExamResultSnapshot) => snapshot.context.certificate;
