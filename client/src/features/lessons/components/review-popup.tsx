import type { FeedbackPopupType } from '@campus/contracts/lessons';
import { createActor } from 'xstate';
import { REVIEW_CLOSE, REVIEW_SUBMIT } from '../../../components/ui/popup/popup-catalogue';
import { openPopup } from '../../../components/ui/popup/popups';
import { reviewFormMachine, submitReview, type ReviewFormInput } from '../machines/review-form.machine';
import { ReviewForm } from './review-form';

export type ReviewOutcome = 'submitted' | 'closed';

const ASK = 'このコースはいかがでしたか？ 星の数で評価してください。';

/** Why the review is asked (the server's feedbackPopupType), said before the question. */
export const REVIEW_BODIES: Record<FeedbackPopupType, string> = {
  COURSE_COMPLETED_FIRST_TIME: `はじめてのコース修了、おめでとうございます！\n${ASK}`,
  COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY: `このカテゴリーのコースをすべて修了しました。おめでとうございます！\n${ASK}`,
  COURSE_COMPLETED_GENERAL: `コースの修了、おめでとうございます！\n${ASK}`,
};

/**
 * The review popup (spec §2, §4, §5) with its form. Submitting runs as the popup's action: the
 * popup shows loading, closes when the review is sent (the machine shows the thank-you toast) and
 * stays open with the values and the message when it fails. Resolves once the popup has closed.
 */
export async function openReviewPopup(input: ReviewFormInput, logic: typeof reviewFormMachine = reviewFormMachine): Promise<ReviewOutcome> {
  const actor = createActor(logic, { input }).start();
  try {
    const choice = await openPopup('review', {
      body: REVIEW_BODIES[input.feedbackPopupType],
      content: ({ choose, busy }) => (
        <ReviewForm actor={actor} busy={busy} onSubmit={() => choose(REVIEW_SUBMIT)} onClose={() => choose(REVIEW_CLOSE)} />
      ),
      action: () => submitReview(actor),
    });
    return choice === REVIEW_SUBMIT ? 'submitted' : 'closed';
  } finally {
    actor.stop();
  }
}
