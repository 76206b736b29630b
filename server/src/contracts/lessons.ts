import { z } from 'zod';
import { courseKindSchema, lessonSummarySchema } from './catalogue.js';

export const FEEDBACK_POPUP_TYPES = ['COURSE_COMPLETED_FIRST_TIME', 'COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY', 'COURSE_COMPLETED_GENERAL'] as const;
export const feedbackPopupTypeSchema = z.enum(FEEDBACK_POPUP_TYPES, 'COURSE_COMPLETED_FIRST_TIME / COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY / COURSE_COMPLETED_GENERAL のいずれかで指定してください');
export type FeedbackPopupType = z.infer<typeof feedbackPopupTypeSchema>;

/** Spec §5: the review's free text. */
export const FEEDBACK_FREETEXT_MAX = 1000;

export const answerCheckSchema = z.object({
  question: z.string(),
  choices: z.array(z.string()),
  /** Index into choices: an answer check is the learner's own self-test, not an exam. */
  answer: z.number().int(),
  explanation: z.string(),
});

export const lessonNeighbourSchema = z.object({ slug: z.string(), title: z.string() }).nullable();

/** A lesson page: the lesson-list entry plus its content and where it sits in the course. */
export const lessonDetailSchema = lessonSummarySchema
  .extend({
    /** The lesson text as HTML, rendered by the server from the content pack's Markdown (raw HTML escaped, unsafe links dropped); empty when there is none. */
    bodyHtml: z.string(),
    /** Slides: the deck as a PDF, through the download proxy. */
    pdfUrl: z.string().nullable(),
    /**
     * Slides from the content import: the first slide as an image (through the download proxy), its
     * size in pixels and the deck's page count, shown until the learner pages, zooms or goes fullscreen.
     */
    slidesPoster: z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), pageCount: z.number().int() }).nullable(),
    /** Video lessons: the file, through the download proxy (range requests pass through). */
    videoUrl: z.string().nullable(),
    /** Video lessons: the Japanese WebVTT caption track, through the download proxy. */
    captionsUrl: z.string().nullable(),
    /** Video lessons: the words of the video, shown under the player. */
    transcript: z.string().nullable(),
    relatedLinks: z.array(z.object({ title: z.string(), url: z.string() })),
    checks: z.array(answerCheckSchema),
    position: z.number().int().describe('1-based place in the course'),
    course: z.object({ kind: courseKindSchema, slug: z.string(), title: z.string(), path: z.string(), lessonCount: z.number().int() }),
    previous: lessonNeighbourSchema,
    next: lessonNeighbourSchema,
  })
  .meta({ id: 'LessonDetail' });

export const lessonCompletionSchema = z
  .object({
    completedLessonCount: z.number().int(),
    lessonCount: z.number().int(),
    courseCompleted: z.boolean(),
    /** Set when finishing this lesson completed the course and the learner has not yet reviewed for this trigger. */
    feedbackPopupType: feedbackPopupTypeSchema.nullable(),
  })
  .meta({ id: 'LessonCompletion' });

export const feedbackRequestSchema = z
  .object({
    feedbackPopupType: feedbackPopupTypeSchema,
    score: z.number('1〜5 の整数で指定してください').int('1〜5 の整数で指定してください').min(1, '1〜5 の整数で指定してください').max(5, '1〜5 の整数で指定してください'),
    freetext: z.string().max(FEEDBACK_FREETEXT_MAX, `${FEEDBACK_FREETEXT_MAX} 文字以内で入力してください`).optional(),
  })
  .meta({ id: 'FeedbackRequest' });
export const feedbackReceiptSchema = z.object({ receivedAt: z.string() }).meta({ id: 'FeedbackReceipt' });

export const QUESTIONNAIRE_COMMENT_MAX = 1000;
export const lessonQuestionnaireRequestSchema = z
  .object({
    courseKind: z.enum(['learning', 'seminar', 'video', 'certification'], 'コースの種類を指定してください'),
    courseSlug: z.string().min(1).max(100),
    lessonSlug: z.string().min(1).max(100),
    answers: z.object({
      useful: z.boolean('true か false で指定してください'),
      comment: z.string().max(QUESTIONNAIRE_COMMENT_MAX, `${QUESTIONNAIRE_COMMENT_MAX} 文字以内で入力してください`).optional(),
    }),
  })
  .meta({ id: 'LessonQuestionnaireAnswers' });

export type AnswerCheck = z.infer<typeof answerCheckSchema>;
export type LessonDetail = z.infer<typeof lessonDetailSchema>;
/** A slide deck's first slide as a picture, as the lesson API gives it. */
export type SlidesPoster = NonNullable<LessonDetail['slidesPoster']>;
export type LessonCompletion = z.infer<typeof lessonCompletionSchema>;
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;
export type LessonQuestionnaireRequest = z.infer<typeof lessonQuestionnaireRequestSchema>;

/** The query of the download proxy (routes/lessons.ts): media of approved storage hosts, on this origin. */
export const downloadQuerySchema = z.object({ url: z.string('url を指定してください').min(1, 'url を指定してください').max(2000, '2000 文字以内で指定してください') });
