import { and, eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { courses } from './catalogue.schema.js';

/** What catalogue publishes for the modules above it: plain data, never its tables. */

/** The key other modules' rows reference (`.references(courseKey, …)`). */
export const courseKey = () => courses.id;

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

/** The id of the certification course of this slug, or null when the catalogue has none. */
export async function certificationCourseIdBySlug(db: DatabaseExecutor, slug: string): Promise<string | null> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.kind, 'certification'), eq(courses.slug, slug)));
  return course?.id ?? null;
}
