import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { QueryBuilder, SelectedFields } from 'drizzle-orm/pg-core';
import { AppError } from '../../core/errors/app-error.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { courses, lessons, questions, siteTexts } from './catalogue.schema.js';

/** The key other modules' rows reference for their course (`.references(courseKey, { onDelete: 'cascade' })`). */
export const courseKey = () => courses.id;

/** The key other modules' rows reference for their lesson (`.references(lessonKey, { onDelete: 'cascade' })`). */
export const lessonKey = () => lessons.id;

/**
 * The id of the course row an outer query over courses is on, for another module's correlated
 * fragment. Spelt out: in a one-table select drizzle writes a column unqualified, and "id" inside
 * the fragment's subquery would bind to its own table.
 */
export const courseIdOfRow: SQL = sql`"courses"."id"`;

/** The id of the lesson row an outer query over lessons is on (see `courseIdOfRow`). */
export const lessonIdOfRow: SQL = sql`"lessons"."id"`;

/** The course columns a page filters and sorts its lists by. */
export const courseFields = {
  id: courses.id,
  kind: courses.kind,
  slug: courses.slug,
  program: courses.program,
  level: courses.level,
  categories: courses.categories,
  position: courses.position,
};

/** The number of lessons of the course an outer query over courses is on. */
export const lessonCountOfRow: SQL<number> = sql<number>`(select count(*) from "lessons" where "lessons"."course_id" = "courses"."id")`;

/** What a course card shows of the content. */
export const courseCardContent = {
  id: courses.id,
  kind: courses.kind,
  slug: courses.slug,
  program: courses.program,
  title: courses.title,
  summary: courses.summary,
  level: courses.level,
  categories: courses.categories,
  estimatedMinutes: courses.estimatedMinutes,
  loginRequired: courses.loginRequired,
  lessonCount: sql<number>`${lessonCountOfRow}`.mapWith(Number),
};

/** A certification course card's content: the card plus the exam settings. */
export const certificationCardContent = { ...courseCardContent, exam: courses.exam };

/** A certification course's exam settings, as its content pack sets them (null on a course without an exam). */
export type CertificationExam = (typeof courses.$inferSelect)['exam'];

/** What certification needs of a certification course: its exam settings and how long its badge lasts. */
export interface CertificationCourse {
  id: string;
  slug: string;
  title: string;
  published: boolean;
  exam: CertificationExam;
  badgeValidMonths: number | null;
}

const certificationCourseColumns = { id: courses.id, slug: courses.slug, title: courses.title, published: courses.published, exam: courses.exam, badgeValidMonths: courses.badgeValidMonths };

/** The certification course of that slug; null when there is none. */
export async function certificationCourseBySlug(db: DatabaseExecutor, slug: string): Promise<CertificationCourse | null> {
  const [course] = await db
    .select(certificationCourseColumns)
    .from(courses)
    .where(and(eq(courses.kind, 'certification'), eq(courses.slug, slug)));
  return course ?? null;
}

/**
 * The id of the certification course a list or an audience is narrowed to. Any slug-shaped name passes the
 * query's check (the studio adds courses), so one the catalogue does not have is refused here, the field named.
 */
export async function certificationCourseIdOfFilter(db: DatabaseExecutor, slug: string, field = 'courseSlug'): Promise<string> {
  const course = await certificationCourseBySlug(db, slug);
  if (!course) throw new AppError('VALIDATION_FAILED', `${field}: courseSlug は認定コースのスラッグで指定してください`, field);
  return course.id;
}

/** The course of that id with its exam settings; null when there is none. */
export async function certificationCourseById(db: DatabaseExecutor, courseId: string): Promise<CertificationCourse | null> {
  const [course] = await db.select(certificationCourseColumns).from(courses).where(eq(courses.id, courseId));
  return course ?? null;
}

/** Lists start with the easiest courses; within a level, the content pack's order. */
export const easiestFirst = [sql`case ${courses.level} when 'BEGINNER' then 0 when 'INTERMEDIATE' then 1 else 2 end`, courses.position];

/**
 * A select over the catalogue's courses with the caller's columns (content columns from here, the
 * learner's from their owners' fragments correlated to `courseIdOfRow`); the caller adds where/order.
 */
export function selectFromCourses<T extends SelectedFields>(db: DatabaseExecutor, columns: T) {
  return db.select(columns).from(courses).$dynamic();
}

/** Learners see published courses only: every learner-facing select over courses adds this to its where. */
export const isPublishedCourse: SQL = eq(courses.published, true);

/**
 * A certification course learners see: published, with an exam that draws at least one question. A
 * course the studio has just created stays out of sight until its blueprint is saved with questions.
 */
export const isOpenCertificationCourse: SQL = and(
  eq(courses.kind, 'certification'),
  isPublishedCourse,
  sql`coalesce((${courses.exam}->>'questionCount')::int, 0) > 0`,
)!;

/** The same rule on a course already read: learners see it and can start its exam. */
export const isOpenCertification = (course: CertificationCourse | null): course is CertificationCourse & { exam: NonNullable<CertificationExam> } =>
  course !== null && course.published && (course.exam?.questionCount ?? 0) > 0;

/** A course's lessons in order, as a course page lists them, with the caller's columns per lesson (correlated to `lessonIdOfRow`). */
export function courseLessons<T extends Record<string, SQL>>(db: DatabaseExecutor, courseId: string, perLesson: T) {
  return db
    .select({
      slug: lessons.slug,
      title: lessons.title,
      kind: lessons.kind,
      estimatedMinutes: lessons.estimatedMinutes,
      loginRequired: lessons.loginRequired,
      ...perLesson,
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(lessons.position);
}

/** The id of the course of that kind and slug; null when there is none. */
export async function courseIdBySlug(db: DatabaseExecutor, kind: (typeof courses.$inferSelect)['kind'], slug: string): Promise<string | null> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.kind, kind), eq(courses.slug, slug), eq(courses.published, true)));
  return course?.id ?? null;
}

/** What the lessons module needs of a course and its lessons to show or complete one. */
export interface CourseWithLessons {
  course: { id: string; kind: (typeof courses.$inferSelect)['kind']; slug: string; program: string; title: string; loginRequired: boolean; categories: string[] };
  lessons: (typeof lessons.$inferSelect)[];
}

/** The course of that kind and slug with all its lessons in order; null when there is no such course. */
export async function courseWithLessons(db: DatabaseExecutor, kind: (typeof courses.$inferSelect)['kind'], slug: string): Promise<CourseWithLessons | null> {
  const [course] = await db
    .select({ id: courses.id, kind: courses.kind, slug: courses.slug, program: courses.program, title: courses.title, loginRequired: courses.loginRequired, categories: courses.categories })
    .from(courses)
    .where(and(eq(courses.kind, kind), eq(courses.slug, slug), eq(courses.published, true)));
  if (!course) return null;
  const all = await db.select().from(lessons).where(eq(lessons.courseId, course.id)).orderBy(lessons.position);
  return { course, lessons: all };
}

/** The number of lessons a course has. */
export async function lessonCountOf(db: DatabaseExecutor, courseId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(lessons).where(eq(lessons.courseId, courseId));
  return row?.n ?? 0;
}

/**
 * Courses other than `exceptCourseId` (of `kind` and carrying `category`, when given) for which
 * `condition` holds, correlated to `courseIdOfRow`: whether there is one.
 */
export async function anyCourseWhere(
  db: DatabaseExecutor,
  condition: SQL,
  filter: { exceptCourseId?: string; kind?: (typeof courses.$inferSelect)['kind']; category?: string },
): Promise<boolean> {
  const [found] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        filter.exceptCourseId === undefined ? undefined : ne(courses.id, filter.exceptCourseId),
        filter.kind === undefined ? undefined : eq(courses.kind, filter.kind),
        filter.category === undefined ? undefined : sql`${courses.categories} ? ${filter.category}`,
        eq(courses.published, true),
        condition,
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * Each lesson of the course an outer query over courses is on satisfies `lessonCondition`
 * (correlated to `lessonIdOfRow`), and the course has at least one.
 */
export function everyLessonOfRow(lessonCondition: SQL): SQL<boolean> {
  return sql<boolean>`(exists(select 1 from "lessons" where "lessons"."course_id" = "courses"."id")
  and not exists(select 1 from "lessons" where "lessons"."course_id" = "courses"."id" and not ${lessonCondition}))`;
}

/** A site text the content pack imports under that key (the campaign, the agreement texts); undefined when absent. */
export async function siteText(db: DatabaseExecutor, key: string): Promise<unknown> {
  const [row] = await db.select({ value: siteTexts.value }).from(siteTexts).where(eq(siteTexts.key, key));
  return row?.value;
}

/** The certification courses of these slugs (null: every one, the studio's too), in catalogue order (position). */
export function certificationCoursesBySlugs(db: DatabaseExecutor, slugs: readonly string[] | null): Promise<CertificationCourse[]> {
  return db
    .select(certificationCourseColumns)
    .from(courses)
    .where(and(eq(courses.kind, 'certification'), slugs === null ? undefined : inArray(courses.slug, [...slugs])))
    .orderBy(asc(courses.position));
}

/** A course's published exam question bank (`questions`: each question at its published version): all the draw may take. */
export function questionBank(db: DatabaseExecutor, courseId: string) {
  return db
    .select({ questionId: questions.questionId, topic: questions.topic, type: questions.type, prompt: questions.prompt, choices: questions.choices, version: questions.version })
    .from(questions)
    .where(eq(questions.courseId, courseId));
}

/** Each course's slug by its id (ids of no course are left out). */
export async function courseSlugsByIds(db: DatabaseExecutor, courseIds: readonly string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(inArray(courses.id, [...new Set(courseIds)]));
  return new Map(rows.map((row) => [row.id, row.slug]));
}

/** These courses' slugs and titles in catalogue order: by kind, then position, then slug. */
export function coursesInCatalogueOrder(db: DatabaseExecutor, courseIds: readonly string[]): Promise<{ id: string; slug: string; title: string }[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: courses.id, slug: courses.slug, title: courses.title })
    .from(courses)
    .where(inArray(courses.id, [...new Set(courseIds)]))
    .orderBy(asc(courses.kind), asc(courses.position), asc(courses.slug));
}

/** What a certificate, its credential and its notices say of a certification course. */
export interface AwardedCourse {
  slug: string;
  title: string;
  summary: string;
  program: string;
  exam: (typeof courses.$inferSelect)['exam'];
}

/** The course a badge, certificate or credential is of; null when it is gone from the catalogue. */
export async function awardedCourse(db: DatabaseExecutor, courseId: string): Promise<AwardedCourse | null> {
  const [course] = await db
    .select({ slug: courses.slug, title: courses.title, summary: courses.summary, program: courses.program, exam: courses.exam })
    .from(courses)
    .where(eq(courses.id, courseId));
  return course ?? null;
}

/**
 * The certification courses (id, slug, months of badge validity) as a subquery of another module's
 * view: the Cloud Campus migration's `waiting_legacy_badges` joins its records to them.
 */
export const certificationCourseRows = (qb: QueryBuilder) =>
  qb
    .select({ id: courses.id, slug: courses.slug, validMonths: courses.badgeValidMonths })
    .from(courses)
    .where(eq(courses.kind, 'certification'))
    .as('certification_courses');
