import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

// Fragments for another module's query, correlated to the course or lesson id its outer query is
// on (catalogue's `courseIdOfRow` / `lessonIdOfRow`); the tables are spelt out for the same reason.

/** A learner's id, or a placeholder for it in a prepared statement. */
type LearnerId = string | Placeholder;

/** How many lessons of the course the learner has completed. */
export function completedLessonCount(userId: LearnerId, courseId: SQL | AnyColumn): SQL<number> {
  return sql<number>`(select count(*) from "lesson_completions" where "lesson_completions"."user_id" = ${userId} and "lesson_completions"."course_id" = ${courseId})`;
}

/** The learner has completed at least one lesson of the course. */
export function hasCompletedALessonOf(userId: LearnerId, courseId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`exists(select 1 from "lesson_completions" where "lesson_completions"."user_id" = ${userId} and "lesson_completions"."course_id" = ${courseId})`;
}

/** The learner has completed the lesson. */
export function hasCompletedLesson(userId: LearnerId, lessonId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`exists(select 1 from "lesson_completions" where "lesson_completions"."user_id" = ${userId} and "lesson_completions"."lesson_id" = ${lessonId})`;
}

/** When the learner last completed a lesson of the course (null when never): studying a lesson is a visit too. */
export function lastLessonCompletedAt(userId: LearnerId, courseId: SQL | AnyColumn): SQL<Date | null> {
  return sql<Date | null>`(select max("lesson_completions"."completed_at") from "lesson_completions" where "lesson_completions"."user_id" = ${userId} and "lesson_completions"."course_id" = ${courseId})`;
}
