import type { CourseKind } from '@campus/contracts/catalogue';
import type { FeedbackPopupType, FeedbackRequest } from '@campus/contracts/lessons';
import { assign, fromPromise, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { showToast } from '../../../components/ui/popup/popups';
import { errorMessageOf } from '../../../lib/api-client';
import { postCourseFeedback, type FeedbackReceipt } from '../api/post-course-feedback';
import { isWithin, REVIEW_FREETEXT_MAX } from '../lesson-limits';

/**
 * The course review in the review popup (spec §4, §5).
 *
 *   editing ── RATE 1..5 (the text box appears) / EDIT text
 *      │  └─ SUBMIT (a star chosen and the text ≤ 1000 characters) ──→ submitting ─┬─ done ──→ submitted (thank-you toast)
 *      └──────────────────────────────────── error: message kept, values kept ←────┘
 */

export const REVIEW_THANKS = 'ご評価ありがとうございました。';
export const SCORES = [1, 2, 3, 4, 5] as const;
const NOT_READY_MESSAGE = '星の数を選んでから送信してください。';

export interface ReviewFormInput {
  courseKind: CourseKind;
  courseSlug: string;
  feedbackPopupType: FeedbackPopupType;
}

export interface ReviewFormContext extends ReviewFormInput {
  score: number | null;
  freetext: string;
  /** Why the last submission failed. */
  error: string | null;
}

export type ReviewFormEvent = { type: 'RATE'; score: number } | { type: 'EDIT'; freetext: string } | { type: 'SUBMIT' };

export interface SendFeedbackInput {
  courseKind: CourseKind;
  courseSlug: string;
  body: FeedbackRequest;
}

const isScore = (value: number) => (SCORES as readonly number[]).includes(value);

/** Submit is possible once a star is chosen and while the text is within its limit (spec §5). */
export const canSubmit = ({ score, freetext }: Pick<ReviewFormContext, 'score' | 'freetext'>) =>
  score !== null && isScore(score) && isWithin(freetext, REVIEW_FREETEXT_MAX);

/** The request body: an empty (or blank) text is left out, the text being optional. */
export function feedbackBodyOf(context: ReviewFormContext): FeedbackRequest {
  const freetext = context.freetext.trim();
  return {
    feedbackPopupType: context.feedbackPopupType,
    score: context.score ?? 0,
    ...(freetext ? { freetext } : {}),
  };
}

export const reviewFormMachine = setup({
  types: {
    input: {} as ReviewFormInput,
    context: {} as ReviewFormContext,
    events: {} as ReviewFormEvent,
  },
  actors: {
    sendFeedback: fromPromise<FeedbackReceipt, SendFeedbackInput>(({ input }) =>
      postCourseFeedback(input.courseKind, input.courseSlug, input.body),
    ),
  },
  guards: {
    validScore: (_, params: { score: number }) => isScore(params.score),
    canSubmit: ({ context }) => canSubmit(context),
  },
  actions: {
    thank: () => showToast(REVIEW_THANKS),
  },
}).createMachine({
  id: 'reviewForm',
  context: ({ input }) => ({ ...input, score: null, freetext: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        RATE: {
          guard: { type: 'validScore', params: ({ event }) => ({ score: event.score }) },
          actions: assign({ score: ({ event }) => event.score }),
        },
        EDIT: { actions: assign({ freetext: ({ event }) => event.freetext }) },
        SUBMIT: { guard: 'canSubmit', target: 'submitting' },
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'sendFeedback',
        input: ({ context }) => ({ courseKind: context.courseKind, courseSlug: context.courseSlug, body: feedbackBodyOf(context) }),
        onDone: { target: 'submitted' },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    submitted: {
      type: 'final',
      entry: 'thank',
    },
  },
});

export type ReviewFormSnapshot = SnapshotFrom<typeof reviewFormMachine>;
export type ReviewFormActorRef = ActorRefFrom<typeof reviewFormMachine>;

export const selectScore = (snapshot: ReviewFormSnapshot) => snapshot.context.score;
export const selectFreetext = (snapshot: ReviewFormSnapshot) => snapshot.context.freetext;
/** Spec §4: the free-text box appears once a rating is chosen. */
export const selectShowsFreetext = (snapshot: ReviewFormSnapshot) => snapshot.context.score !== null;
export const selectFreetextTooLong = (snapshot: ReviewFormSnapshot) => !isWithin(snapshot.context.freetext, REVIEW_FREETEXT_MAX);
export const selectCanSubmit = (snapshot: ReviewFormSnapshot) => snapshot.matches('editing') && canSubmit(snapshot.context);
export const selectSubmitting = (snapshot: ReviewFormSnapshot) => snapshot.matches('submitting');

/**
 * Submits and settles when the review is sent (resolves) or has failed (rejects with the message,
 * the form keeping its values) — the shape of a popup action.
 */
export async function submitReview(actor: ReviewFormActorRef): Promise<void> {
  // The submit button is disabled meanwhile; this only guards a stray call.
  if (!selectCanSubmit(actor.getSnapshot())) throw new Error(NOT_READY_MESSAGE);
  actor.send({ type: 'SUBMIT' });
  const settled = await waitFor(actor, (snapshot) => !snapshot.matches('submitting'));
  if (settled.status === 'done') return;
  throw new Error(settled.context.error ?? NOT_READY_MESSAGE);
}
