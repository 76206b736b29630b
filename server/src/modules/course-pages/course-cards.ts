import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { CourseCard } from '../../contracts/catalogue.js';
import { coursePath } from '../../contracts/course-path.js';
import { courseCardContent, courseIdOfRow } from '../catalogue/reads.js';
import { hasVisited, isFavoriteOf } from '../course-activity/reads.js';
import { completedLessonCount, hasCompletedALessonOf } from '../lessons/reads.js';

/** A learner's id, or a placeholder for it in a prepared statement. */
type LearnerId = string | Placeholder;

/** The learner has marked the course of the row as one they want to take. */
export const isFavoriteCourse = (userId: LearnerId): SQL<boolean> => isFavoriteOf(userId, courseIdOfRow);

/** The learner has opened the course of the row or finished one of its lessons. */
export const isStartedCourse = (userId: LearnerId): SQL<boolean> => sql<boolean>`(${hasVisited(userId, courseIdOfRow)} or ${hasCompletedALessonOf(userId, courseIdOfRow)})`;

/** The columns a course card is made of, with the learner's own flags (false for visitors). */
export function courseCardColumns(userId: LearnerId | null) {
  return {
    ...courseCardContent,
    isFavorite: userId ? isFavoriteCourse(userId).mapWith(Boolean) : sql<boolean>`false`.mapWith(Boolean),
    isStarted: userId ? isStartedCourse(userId).mapWith(Boolean) : sql<boolean>`false`.mapWith(Boolean),
    completedLessonCount: userId ? sql<number>`${completedLessonCount(userId, courseIdOfRow)}`.mapWith(Number) : sql<number>`0`.mapWith(Number),
  };
}

type CourseCardRow = Omit<CourseCard, 'path' | 'program' | 'kind'> & { kind: string; program: string };

export function toCourseCard(row: CourseCardRow): CourseCard {
  return {
    kind: row.kind as CourseCard['kind'],
    slug: row.slug,
    program: row.program as CourseCard['program'],
    title: row.title,
    summary: row.summary,
    // Every course carries its own (the content import refuses one without): no level stands in for a missing one.
    level: row.level,
    categories: row.categories,
    estimatedMinutes: row.estimatedMinutes,
    lessonCount: row.lessonCount,
    loginRequired: row.loginRequired,
    path: coursePath(row.kind, row.program, row.slug),
    isFavorite: row.isFavorite,
    isStarted: row.isStarted,
    completedLessonCount: row.completedLessonCount,
  };
}
