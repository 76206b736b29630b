import { backoffDelay } from '@campus/contracts/backoff.mjs';
import type { ExamQuestion, ExamSession, ExamSubmission, SavedAnswer } from '@campus/contracts/exams';
import { and, assign, emit, fromCallback, fromPromise, not, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { closeAllPopups, openPopup } from '../../../components/ui/popup/popups';
import { SUBMIT_FAILURE_TIMED_OUT } from '../../../components/ui/popup/popup-catalogue';
import { trackEvent } from '../../../lib/analytics';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { getExamSession } from '../api/get-exam-session';
import { getLastResult, RESULT_PENDING } from '../api/get-last-result';
import { readServerClock, type ClockReading } from '../api/get-server-time';
import { saveAnswer, saveAnswersOnLeave, type SaveAnswerInput } from '../api/save-answer';
import { onExamTimeUp } from '../api/subscribe-exam-events';
import { submitExam, type SubmitExamInput } from '../api/submit-exam';
import {
  acknowledgeAnswer,
  dropOtherStoredQueues,
  enqueueAnswer,
  mergeAnswers,
  readStoredQueue,
  writeStoredQueue,
  type AnswerQueue,
  type Answers,
  type QueuedAnswer,
} from '../answer-queue';

/**
 * One sitting of a certification exam (spec §4 "Exam", ARCHITECTURE §4 "Exams").
 *
 *   loading ─┬─ 404 ─────────→ checkingResult ─┬─ the latest attempt is being graded (closed while the learner was away) → result
 *            │                                 └─ otherwise ──→ noSession
 *            ├─ failure ─────→ loadFailed ── RETRY ──→ loading
 *            └─ session ─────→ ready ─┬─ deadline already passed ──→ timeUp
 *                                     └─ live (parallel) ──────────────┐
 *   live.flow:  answering ⇄ confirming → submitting (flushing → posting) ─┬─ ok → submitted → result
 *                    ↑                                                   ├─ EXAM_TIME_OVER → timedOut → result
 *                    └──── cancel ─── submitFailed (popup 再送信) ←───────┘  (retry → submitting)
 *   live.saver: idle → saving (at once) ⇄ retrying (backoff); changes made meanwhile wait in the queue
 *               (one entry per question, the newest choice) and go as soon as the request settles;
 *               paused while submitting
 *   LEAVE (page hidden or left, live or timeUp): what is queued goes with `keepalive` as well
 *   live.clock: idle ⇄ syncing (server clock again when the tab becomes visible)
 *   live ── deadline reached on the client clock / socket exam.timeUp / save refused ──→ timeUp
 *   timeUp: last submit with every answer (within the server's grace) ∥ time-up popup → result
 *
 * The server's deadline is the only deadline: the client clock plus the offset measured from the
 * server clock (`getServerTime`) tells when it is reached. Every change is queued and persisted in
 * localStorage before anything is sent, and an entry leaves the queue only after the server's 2xx, so a
 * reload, a crash or going offline loses nothing; changes are sent at once and, as the page goes,
 * once more with `keepalive`, so closing the tab right after a click loses nothing either. API
 * calls, the clock ticks, browser events, the socket and the popups are actors, so tests give fakes.
 */

export interface ExamSessionInput {
  courseSlug: string;
}

export interface LoadedExam {
  session: ExamSession;
  clock: ClockReading;
  /** What an earlier page of this session left unsent. */
  stored: AnswerQueue;
}

export interface SubmitFailure {
  message: string;
}

export interface ExamSessionContext {
  courseSlug: string;
  examSessionId: string | null;
  questions: ExamQuestion[];
  /** Server time (ms) at which the exam ends. */
  deadline: number;
  /** Server minus client clock (ms). */
  offsetMs: number;
  /** The client clock at the last tick. */
  clientNow: number;
  /** The learner's answers as shown: the server's merged with the queue. */
  answers: Answers;
  queue: AnswerQueue;
  /** The entry being sent: its acknowledgement removes exactly it (a newer change of the question stays). */
  inFlight: QueuedAnswer | null;
  revision: number;
  currentIndex: number;
  online: boolean;
  /** Failed saves in a row (0 after an acknowledgement): drives the backoff and 未保存. */
  saveFailures: number;
  submitFailure: SubmitFailure | null;
  loadError: string | null;
}

export type ExamSessionEvent =
  | { type: 'CHOOSE'; questionId: string; choiceId: string; checked: boolean }
  | { type: 'GO_TO'; index: number }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'REQUEST_SUBMIT' }
  | { type: 'CONFIRM_SUBMIT' }
  | { type: 'CANCEL_SUBMIT' }
  | { type: 'RETRY' }
  /** The client clock, from the ticker. */
  | { type: 'TICK'; now: number }
  /** The tab became visible again (timers may have slept): check the deadline and the offset. */
  | { type: 'VISIBLE'; now: number }
  /** The page is being hidden or left: it may never run again. */
  | { type: 'LEAVE' }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** Socket `exam.timeUp`. */
  | { type: 'SERVER_TIME_UP'; examSessionId: string }
  // Internal.
  | { type: 'SAVE_REFUSED' }
  | { type: 'SAVER_PAUSE' }
  | { type: 'SAVER_RESUME' };

/** `closedWhileAway`: the deadline passed while the learner was away; the server closed the session when the page asked for it. */
export type ExamSessionEmitted = { type: 'finished'; examSessionId: string; reason: 'submitted' | 'timeUp' | 'timedOut' | 'closedWhileAway' };

/** Backoff after failed saves: 1 s, 2 s, 4 s, then every 8 s — never more than 10 s of work at risk. */
export const SAVE_BACKOFF_MAX_MS = 8000;
/** Before submitting, queued answers get this long to reach the server one by one. */
export const FLUSH_BUDGET_MS = 3000;
/** At time-up the last submit gets this long (the server's grace is 5 s) before the result page. */
export const FINAL_SUBMIT_BUDGET_MS = 5000;
export const TICK_MS = 250;

const TIME_OVER = 'EXAM_TIME_OVER';
const isTimeOver = (error: unknown) => isApiError(error) && error.code === TIME_OVER;
/** The server will never take this entry (unknown question or choice): sending it again is pointless. */
const isPermanentSaveError = (error: unknown) =>
  isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_FAILED'));

const backoffMs = (failures: number) => backoffDelay(failures, { firstMs: 1000, maxMs: SAVE_BACKOFF_MAX_MS });

const choose = (question: ExamQuestion | undefined, current: string[] | undefined, choiceId: string, checked: boolean): string[] => {
  if (question?.type === 'multiple') {
    const without = (current ?? []).filter((id) => id !== choiceId);
    return checked ? [...without, choiceId] : without;
  }
  return checked ? [choiceId] : [];
};

async function loadExam(courseSlug: string): Promise<LoadedExam> {
  const [session, clock] = await Promise.all([
    getExamSession(courseSlug),
    // Without the server clock the client clock still counts; the server enforces the deadline.
    readServerClock().catch((): ClockReading => ({ offsetMs: 0, clientNow: Date.now() })),
  ]);
  dropOtherStoredQueues(session.examSessionId);
  return { session, clock, stored: readStoredQueue(session.examSessionId) };
}

const submitting = stateIn('#examSession.live.flow.submitting');

export const examSessionMachine = setup({
  types: {
    input: {} as ExamSessionInput,
    context: {} as ExamSessionContext,
    events: {} as ExamSessionEvent,
    emitted: {} as ExamSessionEmitted,
  },
  actors: {
    loadExam: fromPromise<LoadedExam, { courseSlug: string }>(({ input }) => loadExam(input.courseSlug)),
    findPendingResult: fromPromise<boolean, { courseSlug: string }>(async ({ input }) => (await getLastResult(input.courseSlug)) === RESULT_PENDING),
    readClock: fromPromise<ClockReading>(() => readServerClock()),
    saveAnswer: fromPromise<SavedAnswer, SaveAnswerInput>(({ input }) => saveAnswer(input)),
    submitExam: fromPromise<ExamSubmission, SubmitExamInput>(({ input }) => submitExam(input)),
    ticker: fromCallback<ExamSessionEvent>(({ sendBack }) => {
      const id = setInterval(() => sendBack({ type: 'TICK', now: Date.now() }), TICK_MS);
      return () => clearInterval(id);
    }),
    browserEvents: fromCallback<ExamSessionEvent>(({ sendBack }) => {
      const onVisibility = () => {
        sendBack(document.visibilityState === 'visible' ? { type: 'VISIBLE', now: Date.now() } : { type: 'LEAVE' });
      };
      const onPageHide = () => sendBack({ type: 'LEAVE' });
      const onOnline = () => sendBack({ type: 'ONLINE' });
      const onOffline = () => sendBack({ type: 'OFFLINE' });
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('pagehide', onPageHide);
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      if (typeof navigator !== 'undefined' && navigator.onLine === false) sendBack({ type: 'OFFLINE' });
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('pagehide', onPageHide);
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
    }),
    timeUpPush: fromCallback<ExamSessionEvent>(({ sendBack }) =>
      onExamTimeUp(({ examSessionId }) => sendBack({ type: 'SERVER_TIME_UP', examSessionId })),
    ),
    showTimeUp: fromPromise<string>(() => openPopup('timeUp')),
    askSubmitRetry: fromPromise<string, SubmitFailure>(() => openPopup('submitFailure')),
    showTimedOut: fromPromise<string, SubmitFailure>(({ input }) =>
      // The server's own wording of the 24-hour message when it gave one (spec §8, §9).
      openPopup('submitFailure', { ...SUBMIT_FAILURE_TIMED_OUT, body: input.message || SUBMIT_FAILURE_TIMED_OUT.body }),
    ),
  },
  delays: {
    SAVE_BACKOFF: ({ context }) => backoffMs(context.saveFailures),
    FLUSH_BUDGET: FLUSH_BUDGET_MS,
    FINAL_SUBMIT_BUDGET: FINAL_SUBMIT_BUDGET_MS,
  },
  guards: {
    deadlinePassed: ({ context }) => context.clientNow + context.offsetMs >= context.deadline,
    /** For TICK and VISIBLE, which carry the client clock. */
    deadlinePassedAtEvent: ({ context, event }) => 'now' in event && event.now + context.offsetMs >= context.deadline,
    isSubmitting: submitting,
    isThisSession: ({ context, event }) => event.type === 'SERVER_TIME_UP' && event.examSessionId === context.examSessionId,
    hasQueue: ({ context }) => context.queue.length > 0,
    isNotFound: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 404,
    isTimeOver: (_, params: { error: unknown }) => isTimeOver(params.error),
    isPermanentSaveError: (_, params: { error: unknown }) => isPermanentSaveError(params.error),
    choseRetry: (_, params: { value: string }) => params.value === 'retry',
  },
  actions: {
    persistQueue: ({ context }) => {
      if (context.examSessionId) writeStoredQueue(context.examSessionId, context.queue);
    },
    forgetQueue: ({ context }) => {
      if (context.examSessionId) writeStoredQueue(context.examSessionId, []);
    },
    closePopups: () => closeAllPopups(),
    /**
     * Fire and forget: a request of a page being left may outlive it only with `keepalive`. The
     * entries stay queued (and stored), so a page that comes back sends them again as usual; the
     * one in flight goes too, as leaving may cancel it.
     */
    sendQueueOnLeave: ({ context }) => {
      if (context.examSessionId && context.queue.length > 0) saveAnswersOnLeave(context.examSessionId, context.queue);
    },
    recordChoice: assign(({ context }, params: { questionId: string; choiceId: string; checked: boolean }) => {
      const question = context.questions.find((candidate) => candidate.questionId === params.questionId);
      if (!question) return {};
      const choiceIds = choose(question, context.answers[params.questionId], params.choiceId, params.checked);
      const revision = context.revision + 1;
      return {
        answers: { ...context.answers, [params.questionId]: choiceIds },
        queue: enqueueAnswer(context.queue, params.questionId, choiceIds, revision),
        revision,
      };
    }),
    takeFirst: assign({ inFlight: ({ context }) => context.queue[0] ?? null }),
    acknowledgeInFlight: assign(({ context }) => ({
      queue: context.inFlight ? acknowledgeAnswer(context.queue, context.inFlight) : context.queue,
      inFlight: null,
    })),
    rememberSubmitFailure: assign((_, params: { error: unknown }) => ({ submitFailure: { message: errorMessageOf(params.error) } })),
    finishTimedOut: emit(({ context }) => ({ type: 'finished' as const, examSessionId: context.examSessionId ?? '', reason: 'timedOut' as const })),
    track: ({ context }, params: { name: string }) => {
      trackEvent(params.name, { courseSlug: context.courseSlug });
    },
  },
}).createMachine({
  id: 'examSession',
  context: ({ input }) => ({
    courseSlug: input.courseSlug,
    examSessionId: null,
    questions: [],
    deadline: 0,
    offsetMs: 0,
    clientNow: 0,
    answers: {},
    queue: [],
    inFlight: null,
    revision: 0,
    currentIndex: 0,
    online: true,
    saveFailures: 0,
    submitFailure: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadExam',
        input: ({ context }) => ({ courseSlug: context.courseSlug }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => {
            const { session, clock, stored } = event.output;
            const answers = mergeAnswers(session.answers, stored);
            return {
              examSessionId: session.examSessionId,
              questions: session.questions,
              deadline: Date.parse(session.deadline),
              offsetMs: clock.offsetMs,
              clientNow: clock.clientNow,
              answers,
              // Resuming: where the learner has work left.
              currentIndex: firstUnansweredIndex(session.questions, answers),
              queue: stored,
              revision: Math.max(0, ...stored.map((entry) => entry.revision)),
              loadError: null,
            };
          }),
        },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'checkingResult' },
          { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
        ],
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    /** No running session: was one just closed, its result on the way? Then the learner is taken to it. */
    checkingResult: {
      invoke: {
        src: 'findPendingResult',
        input: ({ context }) => ({ courseSlug: context.courseSlug }),
        onDone: [
          {
            guard: ({ event }) => event.output,
            target: 'noSession',
            actions: emit({ type: 'finished' as const, examSessionId: '', reason: 'closedWhileAway' as const }),
          },
          { target: 'noSession' },
        ],
        onError: 'noSession',
      },
    },
    noSession: {
      type: 'final',
    },
    ready: {
      always: [{ guard: 'deadlinePassed', target: 'timeUp' }, { target: 'live' }],
    },
    live: {
      type: 'parallel',
      invoke: [
        { src: 'ticker' },
        { src: 'browserEvents' },
        { src: 'timeUpPush' },
      ],
      on: {
        // A submit already on its way is allowed to finish: the server gives it a grace period.
        TICK: [
          {
            guard: and(['deadlinePassedAtEvent', not('isSubmitting')]),
            target: 'timeUp',
            actions: assign({ clientNow: ({ event }) => event.now }),
          },
          { actions: assign({ clientNow: ({ event }) => event.now }) },
        ],
        // Reached while the clock region is syncing (its idle state checks this itself).
        VISIBLE: [
          {
            guard: and(['deadlinePassedAtEvent', not('isSubmitting')]),
            target: 'timeUp',
          },
          { actions: assign({ clientNow: ({ event }) => event.now }) },
        ],
        SERVER_TIME_UP: {
          guard: and(['isThisSession', not('isSubmitting')]),
          target: 'timeUp',
        },
        SAVE_REFUSED: { guard: not('isSubmitting'), target: 'timeUp' },
        ONLINE: { actions: assign({ online: true }) },
        OFFLINE: { actions: assign({ online: false }) },
        LEAVE: { actions: 'sendQueueOnLeave' },
      },
      states: {
        flow: {
          initial: 'answering',
          on: {
            GO_TO: { actions: assign({ currentIndex: ({ context, event }) => clampIndex(event.index, context.questions.length) }) },
            NEXT: { actions: assign({ currentIndex: ({ context }) => clampIndex(context.currentIndex + 1, context.questions.length) }) },
            PREVIOUS: { actions: assign({ currentIndex: ({ context }) => clampIndex(context.currentIndex - 1, context.questions.length) }) },
          },
          states: {
            answering: {
              on: {
                CHOOSE: { actions: [{ type: 'recordChoice', params: ({ event }) => event }, 'persistQueue'] },
                REQUEST_SUBMIT: 'confirming',
              },
            },
            confirming: {
              on: {
                CHOOSE: { actions: [{ type: 'recordChoice', params: ({ event }) => event }, 'persistQueue'] },
                CONFIRM_SUBMIT: 'submitting',
                CANCEL_SUBMIT: 'answering',
              },
            },
            submitting: {
              initial: 'flushing',
              entry: [raise({ type: 'SAVER_PAUSE' }), assign({ submitFailure: null }), { type: 'track', params: { name: 'exam_submit' } }],
              exit: raise({ type: 'SAVER_RESUME' }),
              states: {
                // Belt and braces: the submit carries every answer anyway.
                flushing: {
                  after: { FLUSH_BUDGET: 'posting' },
                  initial: 'checking',
                  states: {
                    checking: {
                      always: [{ guard: 'hasQueue', target: 'sending' }, { target: '#examSession.live.flow.submitting.posting' }],
                    },
                    sending: {
                      entry: 'takeFirst',
                      invoke: {
                        src: 'saveAnswer',
                        input: ({ context }) => saveInput(context),
                        onDone: { target: 'checking', actions: ['acknowledgeInFlight', 'persistQueue'] },
                        onError: '#examSession.live.flow.submitting.posting',
                      },
                    },
                  },
                },
                posting: {
                  invoke: {
                    src: 'submitExam',
                    input: ({ context }) => ({ examSessionId: context.examSessionId ?? '', answers: context.answers }),
                    onDone: '#examSession.submitted',
                    onError: [
                      {
                        guard: { type: 'isTimeOver', params: ({ event }) => ({ error: event.error }) },
                        target: '#examSession.timedOut',
                        actions: { type: 'rememberSubmitFailure', params: ({ event }) => ({ error: event.error }) },
                      },
                      {
                        target: '#examSession.live.flow.submitFailed',
                        actions: { type: 'rememberSubmitFailure', params: ({ event }) => ({ error: event.error }) },
                      },
                    ],
                  },
                },
              },
            },
            submitFailed: {
              invoke: {
                src: 'askSubmitRetry',
                input: ({ context }) => context.submitFailure ?? { message: '' },
                onDone: [
                  { guard: { type: 'choseRetry', params: ({ event }) => ({ value: event.output }) }, target: 'submitting' },
                  { target: 'answering' },
                ],
                onError: 'answering',
              },
            },
          },
        },
        saver: {
          initial: 'idle',
          on: { SAVER_PAUSE: '.paused' },
          states: {
            // Sent at once: an answer waits only for the request before it.
            idle: {
              always: { guard: 'hasQueue', target: 'saving' },
            },
            saving: {
              entry: 'takeFirst',
              invoke: {
                src: 'saveAnswer',
                input: ({ context }) => saveInput(context),
                onDone: {
                  target: 'idle',
                  actions: ['acknowledgeInFlight', 'persistQueue', assign({ saveFailures: 0, online: true })],
                },
                onError: [
                  {
                    guard: { type: 'isTimeOver', params: ({ event }) => ({ error: event.error }) },
                    target: 'retrying',
                    actions: raise({ type: 'SAVE_REFUSED' }),
                  },
                  {
                    guard: { type: 'isPermanentSaveError', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle',
                    actions: ['acknowledgeInFlight', 'persistQueue'],
                  },
                  { target: 'retrying', actions: assign({ saveFailures: ({ context }) => context.saveFailures + 1 }) },
                ],
              },
            },
            retrying: {
              after: { SAVE_BACKOFF: 'saving' },
              on: { ONLINE: { target: 'saving', actions: assign({ online: true }) } },
            },
            paused: {
              on: { SAVER_RESUME: 'idle' },
            },
          },
        },
        clock: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                VISIBLE: [
                  // Timers sleep in a background tab: the deadline may have passed meanwhile.
                  {
                    guard: and(['deadlinePassedAtEvent', not('isSubmitting')]),
                    target: '#examSession.timeUp',
                  },
                  { target: 'syncing', actions: assign({ clientNow: ({ event }) => event.now }) },
                ],
              },
            },
            syncing: {
              invoke: {
                src: 'readClock',
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ offsetMs: ({ event }) => event.output.offsetMs }),
                    // Check the deadline against the new offset at once, not at the next tick.
                    raise(({ event }) => ({ type: 'TICK' as const, now: event.output.clientNow })),
                  ],
                },
                onError: 'idle',
              },
            },
          },
        },
      },
    },
    timeUp: {
      type: 'parallel',
      entry: ['closePopups', { type: 'track', params: { name: 'exam_timeout' } }],
      // Within the grace period a saved answer still counts, should the last submit not get out.
      invoke: { src: 'browserEvents' },
      on: { LEAVE: { actions: 'sendQueueOnLeave' } },
      states: {
        // Within the grace period this still counts every answer, also the unsent ones.
        sending: {
          initial: 'submitting',
          states: {
            submitting: {
              after: { FINAL_SUBMIT_BUDGET: 'done' },
              invoke: {
                src: 'submitExam',
                input: ({ context }) => ({ examSessionId: context.examSessionId ?? '', answers: context.answers }),
                onDone: 'done',
                onError: 'done',
              },
            },
            done: { type: 'final' },
          },
        },
        notice: {
          initial: 'showing',
          states: {
            showing: {
              invoke: { src: 'showTimeUp', onDone: 'done', onError: 'done' },
            },
            done: { type: 'final' },
          },
        },
      },
      onDone: {
        target: 'result',
        actions: ['forgetQueue', emit(({ context }) => ({ type: 'finished' as const, examSessionId: context.examSessionId ?? '', reason: 'timeUp' as const }))],
      },
    },
    timedOut: {
      entry: 'forgetQueue',
      invoke: {
        src: 'showTimedOut',
        input: ({ context }) => context.submitFailure ?? { message: '' },
        onDone: { target: 'result', actions: 'finishTimedOut' },
        onError: { target: 'result', actions: 'finishTimedOut' },
      },
    },
    submitted: {
      entry: ['forgetQueue', emit(({ context }) => ({ type: 'finished' as const, examSessionId: context.examSessionId ?? '', reason: 'submitted' as const }))],
      always: 'result',
    },
    result: {
      type: 'final',
    },
  },
});

/** The first question without an answer; the first question when every one has one. */
export function firstUnansweredIndex(questions: readonly ExamQuestion[], answers: Answers): number {
  const index = questions.findIndex((question) => !isAnswered(answers, question.questionId));
  return index === -1 ? 0 : index;
}

function clampIndex(index: number, count: number): number {
  if (!Number.isFinite(index) || count === 0) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), count - 1);
}

function saveInput(context: ExamSessionContext): SaveAnswerInput {
  const entry = context.inFlight;
  return { examSessionId: context.examSessionId ?? '', questionId: entry?.questionId ?? '', choiceIds: entry?.choiceIds ?? [] };
}

export type ExamSessionSnapshot = SnapshotFrom<typeof examSessionMachine>;

export type ExamPhase = 'loading' | 'loadFailed' | 'noSession' | 'answering' | 'confirming' | 'submitting' | 'finishing';

/** What the page shows. `finishing`: time-up, the 24-hour notice or the way to the result. */
export function selectPhase(snapshot: ExamSessionSnapshot): ExamPhase {
  if (snapshot.matches('loading') || snapshot.matches('ready')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('noSession')) return 'noSession';
  if (snapshot.matches({ live: { flow: 'confirming' } })) return 'confirming';
  if (snapshot.matches({ live: { flow: 'submitting' } })) return 'submitting';
  if (snapshot.matches({ live: { flow: 'answering' } }) || snapshot.matches({ live: { flow: 'submitFailed' } })) return 'answering';
  return 'finishing';
}

export type SaveStatus = 'saved' | 'saving' | 'offline';

/** 保存済み / 保存中… / 未保存（オフライン）: unsent answers are "not saved" as soon as a send failed or the browser is offline. */
export function selectSaveStatus({ context }: ExamSessionSnapshot): SaveStatus {
  if (context.queue.length === 0) return 'saved';
  if (!context.online || context.saveFailures > 0) return 'offline';
  return 'saving';
}

/** Milliseconds to the server's deadline, by the client clock corrected with the measured offset. */
export const selectRemainingMs = ({ context }: ExamSessionSnapshot) =>
  Math.max(0, context.deadline - (context.clientNow + context.offsetMs));

export const selectQuestions = (snapshot: ExamSessionSnapshot) => snapshot.context.questions;
export const selectCurrentIndex = (snapshot: ExamSessionSnapshot) => snapshot.context.currentIndex;
export const selectAnswers = (snapshot: ExamSessionSnapshot) => snapshot.context.answers;
export const selectLoadError = (snapshot: ExamSessionSnapshot) => snapshot.context.loadError;

export const isAnswered = (answers: Answers, questionId: string) => (answers[questionId]?.length ?? 0) > 0;

export const selectAnsweredCount = ({ context }: ExamSessionSnapshot) =>
  context.questions.filter((question) => isAnswered(context.answers, question.questionId)).length;
