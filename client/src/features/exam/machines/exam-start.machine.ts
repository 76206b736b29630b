import { basicCourseOf } from '@campus/contracts/catalogue-slugs';
import type { CurrentExamSession, ExamStart } from '@campus/contracts/exams';
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { openPopup, type PopupKind } from '../../../components/ui/popup/popups';
import { CANNOT_TAKE_TEXTS } from '../../../components/ui/popup/popup-catalogue';
import { trackEvent } from '../../../lib/analytics';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { loginUrl } from '../../../lib/session/login-url';
import { getCurrentExamSession } from '../api/get-current-exam-session';
import { startExam } from '../api/start-exam';
import { profileEditPath } from '../../../lib/profile-paths';
import { coursePath, examPath, examPolicyPath } from '../exam-paths';

/**
 * The exam policy page's 受験を開始する (spec §5, §6, §8).
 *
 *   checking (a running session of this course?) → idle ── TOGGLE_AGREE ──→ idle
 *   idle ── START ─┬─ visitor ───────────→ askingLogin (cannot take: login) ── ログイン → the provider
 *                  ├─ no profile ────────→ askingProfile ── 登録する → /mypage/profile/edit, back here once saved
 *                  └─ agreed → starting ─┬─ ok (new or resumed) → the exam page
 *                                        ├─ 401 → askingLogin    ├─ PROFILE_REQUIRED → askingProfile
 *                                        ├─ BASIC_REQUIRED → askingBasic ── Basicへ → the Basic course
 *                                        ├─ EXAM_IN_PROGRESS / EXAM_COOLDOWN / EXAM_GRADING / BADGE_HELD → refused (the cannot-take popup)
 *                                        └─ other (the API client's popup said why) → idle
 *   idle ── RESUME (続きから受験する) → the exam page
 *
 * Navigation is emitted (`navigate`), the popups and API calls are actors: tests give fakes.
 */

export interface ExamStartInput {
  courseSlug: string;
}

export interface ExamStartContext {
  courseSlug: string;
  agreed: boolean;
  running: CurrentExamSession | null;
  /** The refusal to show in the cannot-take popup. */
  refusal: string | null;
}

export type ExamStartEvent =
  | { type: 'TOGGLE_AGREE'; agreed: boolean }
  /** The learner as the page knows them now (the session may change while the page is open). */
  | { type: 'START'; loggedIn: boolean; hasProfile: boolean }
  | { type: 'RESUME' };

export type ExamStartEmitted = { type: 'navigate'; to: string };

export interface PopupRequestInput {
  kind: PopupKind;
  body?: string;
}

const codeOf = (error: unknown) => (isApiError(error) ? error.code : null);

export const examStartMachine = setup({
  types: {
    input: {} as ExamStartInput,
    context: {} as ExamStartContext,
    events: {} as ExamStartEvent,
    emitted: {} as ExamStartEmitted,
  },
  actors: {
    findRunning: fromPromise<CurrentExamSession | null, { courseSlug: string }>(({ input }) => getCurrentExamSession(input.courseSlug)),
    startExam: fromPromise<ExamStart, { courseSlug: string }>(({ input }) => startExam(input.courseSlug)),
    askPopup: fromPromise<string, PopupRequestInput>(({ input }) => openPopup(input.kind, input.body ? { body: input.body } : {})),
  },
  guards: {
    isVisitor: (_, params: { loggedIn: boolean }) => !params.loggedIn,
    lacksProfile: (_, params: { hasProfile: boolean }) => !params.hasProfile,
    agreed: ({ context }) => context.agreed,
    hasRunning: ({ context }) => context.running !== null,
    isCode: (_, params: { error: unknown; codes: string[] }) => params.codes.includes(codeOf(params.error) ?? ''),
    isLoginRequired: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 401,
    chose: (_, params: { value: string; expected: string }) => params.value === params.expected,
  },
  actions: {
    goToLogin: () => {
      window.location.assign(loginUrl(window.location.href));
    },
    track: ({ context }, params: { name: string; resumed?: boolean }) => {
      trackEvent(params.name, { courseSlug: context.courseSlug, ...(params.resumed === undefined ? {} : { resumed: params.resumed }) });
    },
  },
}).createMachine({
  id: 'examStart',
  context: ({ input }) => ({ courseSlug: input.courseSlug, agreed: false, running: null, refusal: null }),
  initial: 'checking',
  on: {
    TOGGLE_AGREE: { actions: assign({ agreed: ({ event }) => event.agreed }) },
  },
  states: {
    checking: {
      invoke: {
        src: 'findRunning',
        input: ({ context }) => ({ courseSlug: context.courseSlug }),
        onDone: { target: 'idle', actions: assign({ running: ({ event }) => event.output }) },
        onError: 'idle',
      },
    },
    idle: {
      on: {
        START: [
          { guard: { type: 'isVisitor', params: ({ event }) => event }, target: 'askingLogin' },
          { guard: { type: 'lacksProfile', params: ({ event }) => event }, target: 'askingProfile' },
          { guard: 'agreed', target: 'starting' },
        ],
        RESUME: {
          guard: 'hasRunning',
          actions: [{ type: 'track', params: { name: 'exam_start', resumed: true } }, emit(({ context }) => ({ type: 'navigate' as const, to: examPath(context.courseSlug) }))],
        },
      },
    },
    starting: {
      invoke: {
        src: 'startExam',
        input: ({ context }) => ({ courseSlug: context.courseSlug }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'track', params: ({ event }) => ({ name: 'exam_start', resumed: event.output.resumed }) },
            emit(({ context }) => ({ type: 'navigate' as const, to: examPath(context.courseSlug) })),
          ],
        },
        onError: [
          { guard: { type: 'isLoginRequired', params: ({ event }) => ({ error: event.error }) }, target: 'askingLogin' },
          { guard: { type: 'isCode', params: ({ event }) => ({ error: event.error, codes: ['PROFILE_REQUIRED'] }) }, target: 'askingProfile' },
          { guard: { type: 'isCode', params: ({ event }) => ({ error: event.error, codes: ['BASIC_REQUIRED'] }) }, target: 'askingBasic' },
          {
            guard: { type: 'isCode', params: ({ event }) => ({ error: event.error, codes: ['EXAM_IN_PROGRESS'] }) },
            target: 'refused',
            actions: assign({ refusal: CANNOT_TAKE_TEXTS.anotherExamInProgress }),
          },
          {
            // The server says when the next attempt (or the badge's renewal, 更新受験) opens, or that the last is being graded.
            guard: { type: 'isCode', params: ({ event }) => ({ error: event.error, codes: ['EXAM_COOLDOWN', 'EXAM_GRADING', 'BADGE_HELD'] }) },
            target: 'refused',
            actions: assign({ refusal: ({ event }) => errorMessageOf(event.error) }),
          },
          { target: 'idle' },
        ],
      },
    },
    askingLogin: {
      invoke: {
        src: 'askPopup',
        input: { kind: 'badgeLogin' },
        onDone: [
          { guard: { type: 'chose', params: ({ event }) => ({ value: event.output, expected: 'login' }) }, target: 'idle', actions: 'goToLogin' },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    askingProfile: {
      invoke: {
        src: 'askPopup',
        input: { kind: 'badgeProfile' },
        onDone: [
          {
            guard: { type: 'chose', params: ({ event }) => ({ value: event.output, expected: 'register' }) },
            target: 'idle',
            actions: emit(({ context }) => ({ type: 'navigate' as const, to: profileEditPath(examPolicyPath(context.courseSlug)) })),
          },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    askingBasic: {
      invoke: {
        src: 'askPopup',
        input: { kind: 'advancedRequiresBasic' },
        onDone: [
          {
            guard: { type: 'chose', params: ({ event }) => ({ value: event.output, expected: 'basic' }) },
            target: 'idle',
            actions: emit(({ context }) => ({ type: 'navigate' as const, to: coursePath(basicCourseOf(context.courseSlug)) })),
          },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    refused: {
      invoke: {
        src: 'askPopup',
        input: ({ context }) => ({ kind: 'cannotTake' as const, body: context.refusal ?? CANNOT_TAKE_TEXTS.anotherExamInProgress }),
        onDone: 'idle',
        onError: 'idle',
      },
    },
  },
});

export type ExamStartSnapshot = SnapshotFrom<typeof examStartMachine>;

export const selectAgreed = (snapshot: ExamStartSnapshot) => snapshot.context.agreed;
export const selectRunning = (snapshot: ExamStartSnapshot) => snapshot.context.running;
export const selectChecking = (snapshot: ExamStartSnapshot) => snapshot.matches('checking');
/** The start button waits while a start or one of its popups is under way. */
export const selectBusy = (snapshot: ExamStartSnapshot) => !snapshot.matches('idle') && !snapshot.matches('checking');
export const selectStarting = (snapshot: ExamStartSnapshot) => snapshot.matches('starting');
