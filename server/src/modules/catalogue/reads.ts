import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { courses, questions } from './catalogue.schema.js';

/** The key other modules' rows reference for their course (`.references(courseKey, { onDelete: 'cascade' })`). */
export const courseKey = () => courses.id;

/** A certification course's exam settings, as its content pack sets them (null on a course without an exam). */
export type CertificationExam = (typeof courses.$inferSelect)['exam'];

/** What certification needs of a certification course: its exam settings and how long its badge lasts. */
export interface CertificationCourse {
  id: string;
  slug: string;
  title: string;
  exam: CertificationExam;
  badgeValidMonths: number | null;
}

const certificationCourseColumns = { id: courses.id, slug: courses.slug, title: courses.title, exam: courses.exam, badgeValidMonths: courses.badgeValidMonths };

/** The certification course of that slug; null when there is none. */
export async function certificationCourseBySlug(db: DatabaseExecutor, slug: string): Promise<CertificationCourse | null> {
  const [course] = await db
    .select(certificationCourseColumns)
    .from(courses)
    .where(and(eq(courses.kind, 'certification'), eq(courses.slug, slug)));
  return course ?? null;
}

/** The course of that id with its exam settings; null when there is none. */
export async function certificationCourseById(db: DatabaseExecutor, courseId: string): Promise<CertificationCourse | null> {
  const [course] = await db.select(certificationCourseColumns).from(courses).where(eq(courses.id, courseId));
  return course ?? null;
}

/** The certification courses of these slugs, in catalogue order (position). */
export function certificationCoursesBySlugs(db: DatabaseExecutor, slugs: readonly string[]): Promise<CertificationCourse[]> {
  return db
    .select(certificationCourseColumns)
    .from(courses)
    .where(and(eq(courses.kind, 'certification'), inArray(courses.slug, [...slugs])))
    .orderBy(asc(courses.position));
}

/** A course's exam question bank, as the content pack holds it. */
export function questionBank(db: DatabaseExecutor, courseId: string) {
  return db
    .select({ questionId: questions.questionId, topic: questions.topic, type: questions.type, prompt: questions.prompt, choices: questions.choices })
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
