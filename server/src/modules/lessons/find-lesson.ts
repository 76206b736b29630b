import { notFound } from '../../core/errors/app-error.js';
import type { CourseKind } from '../../contracts/catalogue.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { courseWithLessons } from '../catalogue/reads.js';

/** Where a lesson is: a course of a kind and the lesson's slug, or null for a seminar's only lesson. */
export interface LessonAddress {
  kind: CourseKind;
  courseSlug: string;
  lessonSlug: string | null;
}

/** The course and all its lessons in order, with the one addressed; 404 when either is unknown. */
export async function findLesson(db: DatabaseExecutor, { kind, courseSlug, lessonSlug }: LessonAddress) {
  const found = await courseWithLessons(db, kind, courseSlug);
  if (!found) throw notFound('コース');
  const { course, lessons: all } = found;
  const index = lessonSlug === null ? 0 : all.findIndex((lesson) => lesson.slug === lessonSlug);
  const lesson = all[index];
  if (!lesson) throw notFound('レッスン');
  return { course, lessons: all, lesson, index };
}
