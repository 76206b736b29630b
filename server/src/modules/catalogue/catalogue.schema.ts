import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';

export const programs = pgTable('programs', {
  code: text('code', { enum: ['OA', 'AD', 'Y_ADS'] }).primaryKey(),
  serviceSlug: text('service_slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    program: text('program')
      .notNull()
      .references(() => programs.code, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.program, table.slug] })],
);

/** Learning, seminar, video and certification courses; `exam` is set for certification courses only. */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['learning', 'seminar', 'video', 'certification'] }).notNull(),
    program: text('program').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    level: text('level', { enum: ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] }).notNull(),
    categories: jsonb('categories').$type<string[]>().notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    loginRequired: boolean('login_required').notNull().default(false),
    exam: jsonb('exam').$type<{
      questionCount: number;
      minutes: number;
      passPercent: number;
      retakeWaitHours: number;
      topics: Record<string, number>;
      /** Absent from rows imported before topics had names: the slug is shown then. */
      topicNames?: Record<string, string>;
    }>(),
    badgeValidMonths: integer('badge_valid_months'),
    position: integer('position').notNull(),
    /** Unpublished courses stay (learners' progress and badges keep their course) but no learner read lists or serves them. */
    published: boolean('published').notNull().default(true),
    /** The studio's optimistic check: an edit names the version it read; a newer one refuses it. */
    version: integer('version').notNull().default(1),
    /** The course card's image in the media storage (`MEDIA_DIR`), when the studio uploaded one. */
    thumbnailPath: text('thumbnail_path'),
    contentHash: text('content_hash').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Who last changed it: an admin's user id, or null for the content import. */
    updatedBy: uuid('updated_by'),
  },
  (table) => [uniqueIndex('courses_kind_slug_key').on(table.kind, table.slug), index('courses_program_kind_idx').on(table.program, table.kind)],
);

/** The first slide as an image: where it is stored, its size in pixels, and the deck's page count. */
export interface SlidesPoster {
  path: string;
  width: number;
  height: number;
  pageCount: number;
}

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['text', 'slides', 'video'] }).notNull(),
    loginRequired: boolean('login_required').notNull().default(false),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    body: text('body').notNull(),
    slides: jsonb('slides').$type<string[]>().notNull(),
    /** Video lessons: the file's path in the media storage. */
    video: text('video'),
    pdfPath: text('pdf_path'),
    /**
     * Slide lessons from the content import: the deck's first page as an image in the media storage, shown
     * until the learner pages, zooms or goes fullscreen (only then does the browser load pdf.js).
     */
    slidesPoster: jsonb('slides_poster').$type<SlidesPoster>(),
    /** Video lessons: the Japanese WebVTT caption track in the media storage (required to publish one). */
    captionsPath: text('captions_path'),
    /** Video lessons: the words of the video, shown under the player. */
    transcript: text('transcript'),
    relatedLinks: jsonb('related_links').$type<{ title: string; url: string }[]>().notNull(),
    checks: jsonb('checks').$type<{ question: string; choices: string[]; answer: number; explanation: string }[]>().notNull(),
    contentHash: text('content_hash').notNull(),
  },
  (table) => [uniqueIndex('lessons_course_slug_key').on(table.courseId, table.slug)],
);

export const questions = pgTable(
  'questions',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    topic: text('topic').notNull(),
    type: text('type', { enum: ['single', 'multiple'] }).notNull(),
    prompt: text('prompt').notNull(),
    choices: jsonb('choices').$type<{ text: string; correct: boolean }[]>().notNull(),
    explanation: text('explanation').notNull(),
    difficulty: text('difficulty', { enum: ['easy', 'medium', 'hard'] }),
    /** The published version this row is (question_versions): a drawn question records it. */
    version: integer('version').notNull().default(1),
    contentHash: text('content_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.questionId] })],
);

/**
 * Every version of every bank question, with its state. `questions` holds the published bank the
 * draw reads (each question's published version); this is the studio's history and working copy.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: ['draft', 'review', 'published', 'retired'] }).notNull(),
    topic: text('topic').notNull(),
    type: text('type', { enum: ['single', 'multiple'] }).notNull(),
    prompt: text('prompt').notNull(),
    choices: jsonb('choices').$type<{ text: string; correct: boolean }[]>().notNull(),
    explanation: text('explanation').notNull(),
    difficulty: text('difficulty', { enum: ['easy', 'medium', 'hard'] }),
    editedAt: timestamptz('edited_at').notNull().defaultNow(),
    /** An admin's user id, or null for the content import. */
    editedBy: uuid('edited_by'),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.questionId, table.version] })],
);

/**
 * A course being written in the studio: the whole course with its lessons as one document, so that
 * publishing copies it into `courses` and `lessons` in one transaction (a learner never sees half of it).
 * `courseId` is the id the course has or will have once published.
 */
export const courseDrafts = pgTable(
  'course_drafts',
  {
    courseId: uuid('course_id').primaryKey(),
    kind: text('kind', { enum: ['learning', 'seminar', 'video', 'certification'] }).notNull(),
    slug: text('slug').notNull(),
    document: jsonb('document').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (table) => [uniqueIndex('course_drafts_kind_slug_key').on(table.kind, table.slug)],
);

export const featuredItems = pgTable('featured_items', {
  position: integer('position').primaryKey(),
  courseId: uuid('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  headline: text('headline').notNull(),
});

/** The campaign and the agreement texts, by key. */
export const siteTexts = pgTable('site_texts', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  contentHash: text('content_hash').notNull(),
});
