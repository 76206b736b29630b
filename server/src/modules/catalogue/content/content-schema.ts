import { z } from 'zod';

/** The shape of the content pack (server/content/README.md), checked file by file. */

export const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, '小文字英数字とハイフンで指定してください');
export const programSchema = z.enum(['OA', 'AD', 'Y_ADS']);
export const levelSchema = z.enum(['BEGINNER', 'INTERMEDIATE', 'ADVANCED']);

const title = z.string().trim().min(1).max(80);
const summary = z.string().trim().min(1).max(200);

export const programsFileSchema = z
  .array(
    z
      .object({
        code: programSchema,
        serviceSlug: z.enum(['line-official-account', 'line-ads', 'yahoo-ads']),
        name: title,
        description: summary,
        categories: z.array(z.object({ slug: slugSchema, name: title }).strict()).min(1),
      })
      .strict(),
  )
  .length(3);

export const courseFileSchema = z
  .object({
    title,
    summary,
    level: levelSchema,
    categories: z.array(slugSchema).min(1),
    estimatedMinutes: z.number().int().min(1).max(600),
    loginRequired: z.boolean().default(false),
  })
  .strict();

export const lessonFrontMatterSchema = z
  .object({
    title,
    kind: z.enum(['text', 'slides', 'video']),
    loginRequired: z.boolean().default(false),
    estimatedMinutes: z.number().int().min(1).max(120),
    video: z.string().regex(/^[a-z0-9-]+\.(?:mp4|webm)$/, '<slug>.mp4（または .webm）の形式で指定してください').optional(),
    /** Slide lessons: a PDF in the course's media/ (uploaded in the studio) instead of a Markdown deck; the body then describes it. */
    pdf: z.string().regex(/^[a-z0-9-]+\.pdf$/, '<slug>.pdf の形式で指定してください').optional(),
    /** Video lessons: the Japanese WebVTT caption track, a file in the course's media/ beside the video. */
    captions: z.string().regex(/^[a-z0-9-]+\.vtt$/, '<slug>.vtt の形式で指定してください').optional(),
    /** Video lessons: the words of the video, shown under the player. */
    transcript: z.string().trim().min(1, '文字起こしを書いてください').max(50_000).optional(),
    relatedLinks: z.array(z.object({ title, url: z.url() }).strict()).optional(),
  })
  .strict()
  .refine((lesson) => (lesson.kind === 'video') === (lesson.video !== undefined), {
    message: 'video は kind: video のレッスンにだけ、必ず指定します',
    path: ['video'],
  })
  .refine((lesson) => lesson.pdf === undefined || lesson.kind === 'slides', {
    message: 'pdf は kind: slides のレッスンにだけ指定します',
    path: ['pdf'],
  })
  .refine((lesson) => (lesson.kind === 'video') === (lesson.captions !== undefined), {
    message: 'captions（日本語の WebVTT 字幕）は kind: video のレッスンにだけ、必ず指定します',
    path: ['captions'],
  })
  .refine((lesson) => (lesson.kind === 'video') === (lesson.transcript !== undefined), {
    message: 'transcript（文字起こし）は kind: video のレッスンにだけ、必ず指定します',
    path: ['transcript'],
  });

export const answerCheckSchema = z
  .object({
    question: z.string().trim().min(1),
    choices: z.array(z.string().trim().min(1)).min(2).max(6),
    answer: z.number().int().min(0),
    explanation: z.string().trim().min(1),
  })
  .strict()
  .refine((check) => check.answer < check.choices.length, { message: 'answer が選択肢の範囲外です', path: ['answer'] });

export const certificationCourseFileSchema = z
  .object({
    title,
    summary,
    /** The pack's eight are known by their slug; a course the studio added names its program. */
    program: programSchema.optional(),
    /** Required like every course's: course cards show it, and nothing may stand in for a missing one. */
    level: levelSchema,
    exam: z
      .object({
        questionCount: z.number().int().min(1).max(100),
        minutes: z.number().int().min(1).max(240),
        passPercent: z.number().int().min(1).max(100),
        retakeWaitHours: z.number().int().min(0).max(24 * 30),
        /** 0: a topic the studio has questions in but does not draw from yet. */
        topics: z.record(slugSchema, z.number().int().min(0)),
        /** What the result's 分野別の結果 calls each topic: the slugs are for files, not for learners. */
        topicNames: z.record(slugSchema, z.string().trim().min(1).max(30)),
      })
      .strict()
      .refine((exam) => Object.values(exam.topics).reduce((sum, count) => sum + count, 0) === exam.questionCount, {
        message: 'topics の出題数の合計が questionCount と一致しません',
        path: ['topics'],
      })
      .superRefine((exam, context) => {
        for (const topic of Object.keys(exam.topics)) {
          if (!(topic in exam.topicNames)) context.addIssue({ code: 'custom', message: `topicNames に名前がありません: ${topic}`, path: ['topicNames', topic] });
        }
        for (const topic of Object.keys(exam.topicNames)) {
          if (!(topic in exam.topics)) context.addIssue({ code: 'custom', message: `topics にないトピックです: ${topic}`, path: ['topicNames', topic] });
        }
      }),
    badgeValidMonths: z.number().int().min(1).max(60),
  })
  .strict();

export const questionSchema = z
  .object({
    id: slugSchema,
    topic: slugSchema,
    type: z.enum(['single', 'multiple']),
    // The studio's limits (contracts/studio-questions.ts), so a bank written there exports and imports back.
    prompt: z.string().trim().min(1).max(1000),
    choices: z
      .array(z.object({ text: z.string().trim().min(1).max(300), correct: z.boolean().default(false) }).strict())
      .min(2)
      .max(6),
    explanation: z.string().trim().min(1).max(2000),
  })
  .strict()
  .refine(
    (question) => {
      const correct = question.choices.filter((choice) => choice.correct).length;
      return question.type === 'single' ? correct === 1 : correct >= 2;
    },
    { message: 'single は正解がちょうど1つ、multiple は2つ以上必要です', path: ['choices'] },
  );

/** The bank as a list; each entry is then checked with `questionSchema` on its own. */
export const questionsFileSchema = z.array(z.unknown()).min(1);

export const featuredFileSchema = z.array(
  z
    .object({
      kind: z.enum(['learning', 'seminar', 'video', 'certification']),
      program: programSchema.optional(),
      course: slugSchema,
      headline: z.string().trim().min(1).max(60),
    })
    .strict(),
);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD で指定してください');

export const campaignFileSchema = z
  .object({ title, body: z.string().trim().min(1), startsOn: isoDate, endsOn: isoDate, link: z.string().startsWith('/') })
  .strict();

export type CourseFile = z.infer<typeof courseFileSchema>;
export type LessonFrontMatter = z.infer<typeof lessonFrontMatterSchema>;
export type CertificationCourseFile = z.infer<typeof certificationCourseFileSchema>;
export type Question = z.infer<typeof questionSchema>;
export type AnswerCheck = z.infer<typeof answerCheckSchema>;
export type ProgramsFile = z.infer<typeof programsFileSchema>;
export type FeaturedFile = z.infer<typeof featuredFileSchema>;
export type CampaignFile = z.infer<typeof campaignFileSchema>;
