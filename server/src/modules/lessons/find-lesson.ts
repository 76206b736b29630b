import { and, asc, eq } from 'drizzle-orm';
import { notFound } from '../../core/errors/app-error.js';
import type { CourseKind } from '../../contracts/catalogue.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { courses, lessons } from '../catalogue/catalogue.schema.js';

/** Where a lesson is: a course of a kind and the lesson's slug, or null for a seminar's only lesson. */
export interface LessonAddress {
  kind: CourseKind;
  courseSlug: string;
  lessonSlug: string | null;
}

/** The course and all its lessons in order, with the one addressed; 404 when either is unknown. */
export async function findLesson(db: DatabaseExecutor, { kind, courseSlug, lessonSlug }: LessonAddress) {
  const [course] = await db
    .select({ id: courses.id, kind: courses.kind, slug: courses.slug, program: courses.program, title: courses.title, loginRequired: courses.loginRequired, categories: courses.categories })
    .from(courses)
    .where(and(eq(courses.kind, kind), eq(courses.slug, courseSlug)));
  if (!course) throw notFound('コース');
  const all = await db.select().from(lessons).where(eq(lessons.courseId, course.id)).orderBy(asc(lessons.position));
  const index = lessonSlug === null ? 0 : all.findIndex((lesson) => lesson.slug === lessonSlug);
  const lesson = all[index];
  if (!lesson) throw notFound('レッスン');
  return { course, lessons: all, lesson, index };
}
