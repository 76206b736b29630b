import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { CourseCard } from '../../contracts/catalogue.js';
import { courses } from './catalogue.schema.js';
import { coursePath } from '../../contracts/course-path.js';

// Raw subqueries spell their tables out: drizzle leaves column names unqualified inside them, and
// "id" would bind to the inner table.

/** A learner's id, or a placeholder for it in a prepared statement. */
type LearnerId = string | Placeholder;

/** The learner has marked this course as one they want to take. */
export const isFavoriteOf = (userId: LearnerId): SQL<boolean> =>
  sql<boolean>`exists(select 1 from "course_activity" where "course_activity"."user_id" = ${userId} and "course_activity"."course_id" = "courses"."id" and "course_activity"."is_favorite")`;

/** The learner has opened the course or finished one of its lessons. */
export const isStartedBy = (userId: LearnerId): SQL<boolean> =>
  sql<boolean>`(exists(select 1 from "course_activity" where "course_activity"."user_id" = ${userId} and "course_activity"."course_id" = "courses"."id" and "course_activity"."first_visited_at" is not null)
    or exists(select 1 from "lesson_completions" where "lesson_completions"."user_id" = ${userId} and "lesson_completions"."course_id" = "courses"."id"))`;

/** Lists start with the easiest courses; within a level, the content pack's order. */
export const easiestFirst = [sql`case ${courses.level} when 'BEGINNER' then 0 when 'INTERMEDIATE' then 1 else 2 end`, courses.position];

/** The columns a course card is made of, with the learner's own flags (false for visitors). */
export function courseCardColumns(userId: LearnerId | null) {
  return {
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
    lessonCount: sql<number>`(select count(*) from "lessons" where "lessons"."course_id" = "courses"."id")`.mapWith(Number),
    isFavorite: userId ? isFavoriteOf(userId).mapWith(Boolean) : sql<boolean>`false`.mapWith(Boolean),
    isStarted: userId ? isStartedBy(userId).mapWith(Boolean) : sql<boolean>`false`.mapWith(Boolean),
    completedLessonCount: userId
      ? sql<number>`(select count(*) from "lesson_completions" where "lesson_completions"."user_id" = ${userId} and "lesson_completions"."course_id" = "courses"."id")`.mapWith(Number)
      : sql<number>`0`.mapWith(Number),
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
