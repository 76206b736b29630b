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
    contentHash: text('content_hash').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('courses_kind_slug_key').on(table.kind, table.slug), index('courses_program_kind_idx').on(table.program, table.kind)],
);

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
    contentHash: text('content_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.questionId] })],
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
