import type { FEEDBACK_FREETEXT_MAX, QUESTIONNAIRE_COMMENT_MAX } from '@campus/contracts/lessons';

// The contracts module carries zod, which must stay out of the client bundle: the limits are
// repeated here, and their types tie them to the server's values (a change there fails typecheck).

/** Spec §5, §9: the review's free text. */
export const REVIEW_FREETEXT_MAX: typeof FEEDBACK_FREETEXT_MAX = 1000;
/** The lesson questionnaire's comment. */
export const QUESTIONNAIRE_COMMENT_LIMIT: typeof QUESTIONNAIRE_COMMENT_MAX = 1000;

/** Spec §5: shown when a text is longer than its limit (submit is disabled meanwhile). */
export const tooLongMessage = (max: number) => `${max}文字以内で入力してください。`;

/** Counted as the server counts (`string.length`), so what passes here passes there. */
export const isWithin = (text: string, max: number) => text.length <= max;
