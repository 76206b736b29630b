import type { LessonQuestionnaireRequest } from '@campus/contracts/lessons';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { trackGoal, type AnalyticsGoal } from '../../../lib/analytics';
import { postLessonQuestionnaire, type QuestionnaireReceipt } from '../api/post-lesson-questionnaire';
import type { LessonAddress } from '../lesson-address';
import { isWithin, QUESTIONNAIRE_COMMENT_LIMIT } from '../lesson-limits';

/**
 * 「このレッスンは役に立ちましたか？」 at the bottom of every lesson.
 *
 *   asking ── ANSWER はい/いいえ ──→ commenting (may change the answer, EDIT the optional comment)
 *                                      │  └─ SEND (comment ≤ 1000 characters) ──→ sending ──→ thanked (goal tracked)
 *                                      └──────────────────── error (the API client's popup) ←──┘
 */

export interface LessonQuestionnaireContext {
  address: LessonAddress;
  useful: boolean | null;
  comment: string;
}

export type LessonQuestionnaireEvent = { type: 'ANSWER'; useful: boolean } | { type: 'EDIT'; comment: string } | { type: 'SEND' };

/** Spec §9: the rating goals, one pair for certification lessons and one for all others. */
export function questionnaireGoal(courseKind: LessonAddress['courseKind'], useful: boolean): AnalyticsGoal {
  if (courseKind === 'certification') return useful ? 'certificationLessonUseful' : 'certificationLessonUnuseful';
  return useful ? 'lessonUseful' : 'lessonUnuseful';
}

/** The request body: a blank comment is left out, the comment being optional. */
export function questionnaireBodyOf({ address, useful, comment }: LessonQuestionnaireContext): LessonQuestionnaireRequest {
  const trimmed = comment.trim();
  return {
    courseKind: address.courseKind,
    courseSlug: address.courseSlug,
    lessonSlug: address.lessonSlug,
    answers: { useful: useful === true, ...(trimmed ? { comment: trimmed } : {}) },
  };
}

export const lessonQuestionnaireMachine = setup({
  types: {
    input: {} as LessonAddress,
    context: {} as LessonQuestionnaireContext,
    events: {} as LessonQuestionnaireEvent,
  },
  actors: {
    sendAnswers: fromPromise<QuestionnaireReceipt, LessonQuestionnaireRequest>(({ input }) => postLessonQuestionnaire(input)),
  },
  guards: {
    canSend: ({ context }) => context.useful !== null && isWithin(context.comment, QUESTIONNAIRE_COMMENT_LIMIT),
  },
  actions: {
    answer: assign((_, params: { useful: boolean }) => ({ useful: params.useful })),
    trackGoal: ({ context }) => trackGoal(questionnaireGoal(context.address.courseKind, context.useful === true)),
  },
}).createMachine({
  id: 'lessonQuestionnaire',
  context: ({ input }) => ({ address: input, useful: null, comment: '' }),
  initial: 'asking',
  states: {
    asking: {
      on: { ANSWER: { target: 'commenting', actions: { type: 'answer', params: ({ event }) => ({ useful: event.useful }) } } },
    },
    commenting: {
      on: {
        ANSWER: { actions: { type: 'answer', params: ({ event }) => ({ useful: event.useful }) } },
        EDIT: { actions: assign({ comment: ({ event }) => event.comment }) },
        SEND: { guard: 'canSend', target: 'sending' },
      },
    },
    sending: {
      invoke: {
        src: 'sendAnswers',
        input: ({ context }) => questionnaireBodyOf(context),
        // Counted once the answer is in: changing one's mind before sending counts once.
        onDone: { target: 'thanked', actions: 'trackGoal' },
        onError: { target: 'commenting' },
      },
    },
    thanked: { type: 'final' },
  },
});

export type LessonQuestionnaireSnapshot = SnapshotFrom<typeof lessonQuestionnaireMachine>;

export type QuestionnairePhase = 'asking' | 'commenting' | 'sending' | 'thanked';

export const selectQuestionnairePhase = (snapshot: LessonQuestionnaireSnapshot): QuestionnairePhase =>
  snapshot.value as QuestionnairePhase;
export const selectUseful = (snapshot: LessonQuestionnaireSnapshot) => snapshot.context.useful;
export const selectComment = (snapshot: LessonQuestionnaireSnapshot) => snapshot.context.comment;
export const selectCommentTooLong = (snapshot: LessonQuestionnaireSnapshot) => !isWithin(snapshot.context.comment, QUESTIONNAIRE_COMMENT_LIMIT);
