import { z } from 'zod';
import { courseKindSchema, levelSchema, programCodeSchema } from './catalogue.js';

/** What the studio refuses to store in one text field: far above any real lesson, far below a body limit. */
export const STUDIO_BODY_MAX = 100_000;
export const STUDIO_TRANSCRIPT_MAX = 50_000;

/** Upload caps, checked while the file streams to disk (never buffered whole). */
export const STUDIO_UPLOAD_LIMITS = {
  pdf: 20 * 1024 * 1024,
  video: 200 * 1024 * 1024,
  captions: 512 * 1024,
  thumbnail: 5 * 1024 * 1024,
} as const;
export type StudioUploadKind = keyof typeof STUDIO_UPLOAD_LIMITS;
export const STUDIO_UPLOAD_KINDS = Object.keys(STUDIO_UPLOAD_LIMITS) as StudioUploadKind[];

/** The media types each upload may be sent as (the body is the file itself, not JSON). */
export const STUDIO_UPLOAD_TYPES: Record<StudioUploadKind, readonly string[]> = {
  pdf: ['application/pdf'],
  video: ['video/mp4', 'video/webm'],
  captions: ['text/vtt'],
  thumbnail: ['image/png', 'image/jpeg', 'image/webp'],
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugField = (label: string) =>
  z
    .string(`${label}を入力してください`)
    .min(1, `${label}を入力してください`)
    .max(80, `${label}は 80 文字以内で入力してください`)
    .regex(SLUG, `${label}は半角英小文字・数字・ハイフンで入力してください`);
const text = (label: string, max: number, min = 1) =>
  z
    .string(`${label}を入力してください`)
    .trim()
    .min(min, `${label}を入力してください`)
    .max(max, `${label}は ${max.toLocaleString('ja-JP')} 文字以内で入力してください`);
const minutes = (label: string, max: number) =>
  z.number(`${label}は分単位の整数で入力してください`).int(`${label}は分単位の整数で入力してください`).min(1, `${label}は 1 分以上にしてください`).max(max, `${label}は ${max} 分以内にしてください`);
/** A file the studio stored in the media storage: `studio/<kind>/<uuid>.<ext>` or an imported course's own path. */
const mediaPath = (label: string) =>
  z
    .string(`${label}を指定してください`)
    .max(300, `${label}が正しくありません`)
    .regex(/^(?:studio|slides|videos|thumbnails)\/[A-Za-z0-9._/-]+$/, `${label}が正しくありません`)
    .refine((value) => !value.split('/').includes('..'), `${label}が正しくありません`);

export const lessonDraftSchema = z.strictObject({
  /** Stays with a lesson through renames and moves: the published lesson keeps its id (and learners' progress). */
  lessonId: z.uuid('lessonId が正しくありません'),
  slug: slugField('レッスンのスラッグ'),
  title: text('レッスン名', 80),
  kind: z.enum(['text', 'slides', 'video'], 'レッスンの種類は text / slides / video のいずれかです'),
  estimatedMinutes: minutes('レッスンの所要時間', 120),
  loginRequired: z.boolean('ログイン必須は true か false で指定してください'),
  /** Markdown: a text lesson's body, a slide or video lesson's description. */
  body: text('本文', STUDIO_BODY_MAX, 0),
  pdfPath: mediaPath('スライドの PDF').nullable(),
  videoPath: mediaPath('動画ファイル').nullable(),
  captionsPath: mediaPath('字幕ファイル').nullable(),
  transcript: text('文字起こし', STUDIO_TRANSCRIPT_MAX, 0).nullable(),
});

export const courseDraftFieldsSchema = z.strictObject({
  kind: courseKindSchema,
  program: programCodeSchema,
  slug: slugField('コースのスラッグ'),
  title: text('コース名', 80),
  summary: text('概要', 200),
  level: levelSchema,
  categories: z.array(slugField('カテゴリ'), 'カテゴリを選んでください').max(10, 'カテゴリは 10 個までです'),
  estimatedMinutes: minutes('所要時間', 600),
  loginRequired: z.boolean('ログイン必須は true か false で指定してください'),
  position: z.number().int().min(0).max(10_000),
  /** The stem of the card image sizes the studio made from an upload (`studio/thumbnail/<id>`). */
  thumbnailPath: z
    .string('サムネイルを指定してください')
    .regex(/^studio\/thumbnail\/[0-9a-f-]{36}$/, 'サムネイルが正しくありません')
    .nullable(),
  /** Shown in the top page's pick-up with this line when set; null: not picked up. */
  featuredHeadline: text('ピックアップの見出し', 60).nullable(),
});

export const courseDraftDocumentSchema = z.strictObject({
  course: courseDraftFieldsSchema,
  lessons: z.array(lessonDraftSchema, 'レッスンの一覧が正しくありません').max(60, 'レッスンは 60 個までです'),
});

export const createCourseDraftRequestSchema = z
  .strictObject({
    kind: z.enum(['learning', 'seminar', 'video', 'certification'], 'コースの種類は learning / seminar / video / certification のいずれかです'),
    program: programCodeSchema,
    slug: slugField('コースのスラッグ'),
    title: text('コース名', 80),
  })
  .meta({ id: 'CreateCourseDraftRequest' });

export const saveCourseDraftRequestSchema = z
  .strictObject({
    /** The draft version the editor read (0: the course had no draft yet). */
    expectedVersion: z.number().int().min(0),
    document: courseDraftDocumentSchema,
  })
  .meta({ id: 'SaveCourseDraftRequest' });

export const courseVersionRequestSchema = z.strictObject({ expectedVersion: z.number('expectedVersion を指定してください').int().min(0) }).meta({ id: 'CourseVersionRequest' });

export const courseDraftSchema = z
  .object({
    courseId: z.string(),
    /** 0 while the course has no draft (the document then is the published course). */
    version: z.number().int(),
    document: courseDraftDocumentSchema,
    /** The published course's state, null before the first publish. */
    live: z.object({ published: z.boolean(), version: z.number().int(), path: z.string() }).nullable(),
    updatedAt: z.string().nullable(),
    updatedByName: z.string().nullable(),
    /** Where the media storage is published: a stored path is read through the download proxy from here. */
    mediaBaseUrl: z.string(),
    /** Why the draft cannot be published yet (empty when it can), in Japanese. */
    publishBlockers: z.array(z.object({ field: z.string(), message: z.string() })),
  })
  .meta({ id: 'CourseDraft' });

export const studioCourseSchema = z
  .object({
    courseId: z.string(),
    kind: courseKindSchema,
    program: programCodeSchema,
    slug: z.string(),
    title: z.string(),
    lessonCount: z.number().int(),
    status: z.enum(['draft', 'published', 'unpublished']),
    /** A draft holds changes not yet published. */
    hasUnpublishedChanges: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'StudioCourse' });
export const studioCourseListSchema = z.object({ items: z.array(studioCourseSchema) }).meta({ id: 'StudioCourseList' });

export const studioCourseListQuerySchema = z.strictObject({
  kind: courseKindSchema.optional(),
  program: programCodeSchema.optional(),
  status: z.enum(['draft', 'published', 'unpublished'], 'status は draft / published / unpublished のいずれかです').optional(),
  q: z.string().max(100, '検索語は 100 文字以内で入力してください').optional(),
});

export const studioUploadSchema = z
  .object({ path: z.string(), url: z.string(), bytes: z.number().int(), pageCount: z.number().int().nullable(), cueCount: z.number().int().nullable() })
  .meta({ id: 'StudioUpload' });

export const lessonPreviewRequestSchema = z.strictObject({ body: text('本文', STUDIO_BODY_MAX, 0) }).meta({ id: 'LessonPreviewRequest' });
export const lessonPreviewSchema = z
  .object({
    bodyHtml: z.string(),
    checks: z.array(z.object({ question: z.string(), choices: z.array(z.string()), answer: z.number().int(), explanation: z.string() })),
    /** Problems of the Markdown (a malformed answer check), each with its Japanese message. */
    problems: z.array(z.string()),
  })
  .meta({ id: 'LessonPreview' });

export type LessonDraft = z.infer<typeof lessonDraftSchema>;
export type CourseDraftFields = z.infer<typeof courseDraftFieldsSchema>;
export type CourseDraftDocument = z.infer<typeof courseDraftDocumentSchema>;
export type CreateCourseDraftRequest = z.infer<typeof createCourseDraftRequestSchema>;
export type SaveCourseDraftRequest = z.infer<typeof saveCourseDraftRequestSchema>;
export type CourseVersionRequest = z.infer<typeof courseVersionRequestSchema>;
export type CourseDraft = z.infer<typeof courseDraftSchema>;
export type StudioCourse = z.infer<typeof studioCourseSchema>;
export type StudioCourseList = z.infer<typeof studioCourseListSchema>;
export type StudioCourseListQuery = z.infer<typeof studioCourseListQuerySchema>;
export type StudioUpload = z.infer<typeof studioUploadSchema>;
export type LessonPreviewRequest = z.infer<typeof lessonPreviewRequestSchema>;
export type LessonPreview = z.infer<typeof lessonPreviewSchema>;
