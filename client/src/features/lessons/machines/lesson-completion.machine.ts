import type { FeedbackPopupType, LessonCompletion } from '@campus/contracts/lessons';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { trackEvent } from '../../../lib/analytics';
import { markLessonCompleted } from '../api/mark-lesson-completed';
import { openReviewPopup, type ReviewOutcome } from '../components/review-popup';
import type { LessonAddress } from '../lesson-address';
import type { ReviewFormInput } from './review-form.machine';

/**
 * 「このレッスンを完了する」 (spec §4: a lesson is visited, then marked completed).
 *
 *   idle ── COMPLETE ──→ completing ─┬─ done, no review asked ─────────────────────────→ completed
 *     ↑                              ├─ done, feedbackPopupType set → reviewing (popup) → completed
 *     └──── error (the API client's popup already said why) ───┘
 *
 * A lesson already completed starts in `completed`. The server call is idempotent, so a second
 * press (another tab) would do no harm; the button is gone after the first one anyway.
 */

export interface LessonCompletionInput {
  address: LessonAddress;
  isCompleted: boolean;
}

export interface LessonCompletionContext {
  address: LessonAddress;
  /** The lesson was completed when the page loaded. */
  completedBefore: boolean;
  /** The course progress the last completion answered (null when the page loaded completed). */
  progress: LessonCompletion | null;
}

export type LessonCompletionEvent = { type: 'COMPLETE' };

export const lessonCompletionMachine = setup({
  types: {
    input: {} as LessonCompletionInput,
    context: {} as LessonCompletionContext,
    events: {} as LessonCompletionEvent,
  },
  actors: {
    markCompleted: fromPromise<LessonCompletion, LessonAddress>(({ input }) => markLessonCompleted(input)),
    askReview: fromPromise<ReviewOutcome, ReviewFormInput>(({ input }) => openReviewPopup(input)),
  },
  guards: {
    completedBefore: ({ context }) => context.completedBefore,
    asksForReview: (_, params: { completion: LessonCompletion }) => params.completion.feedbackPopupType !== null,
  },
  actions: {
    track: ({ context }) => {
      trackEvent('lesson_complete', { ...context.address, courseCompleted: context.progress?.courseCompleted === true });
    },
  },
}).createMachine({
  id: 'lessonCompletion',
  context: ({ input }) => ({ address: input.address, completedBefore: input.isCompleted, progress: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'completedBefore', target: 'completed' },
        { target: 'idle' },
      ],
    },
    idle: {
      on: { COMPLETE: 'completing' },
    },
    completing: {
      invoke: {
        src: 'markCompleted',
        input: ({ context }) => context.address,
        onDone: [
          {
            guard: { type: 'asksForReview', params: ({ event }) => ({ completion: event.output }) },
            target: 'reviewing',
            actions: [assign({ progress: ({ event }) => event.output }), 'track'],
          },
          { target: 'completed', actions: [assign({ progress: ({ event }) => event.output }), 'track'] },
        ],
        onError: { target: 'idle' },
      },
    },
    reviewing: {
      invoke: {
        src: 'askReview',
        input: ({ context }) => ({
          courseKind: context.address.courseKind,
          courseSlug: context.address.courseSlug,
          feedbackPopupType: context.progress?.feedbackPopupType as FeedbackPopupType,
        }),
        onDone: 'completed',
        onError: 'completed',
      },
    },
    completed: {},
  },
});

export type LessonCompletionSnapshot = SnapshotFrom<typeof lessonCompletionMachine>;

export type LessonCompletionPhase = 'idle' | 'completing' | 'completed';

/** What the control shows: reviewing is already completed for the learner. */
export function selectPhase(snapshot: LessonCompletionSnapshot): LessonCompletionPhase {
  if (snapshot.matches('completing')) return 'completing';
  if (snapshot.matches('reviewing') || snapshot.matches('completed')) return 'completed';
  return 'idle';
}

export const selectProgress = (snapshot: LessonCompletionSnapshot) => snapshot.context.progress;
