import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type DatabaseExecutor } from '../../database/connection.js';

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

/**
 * Course reviews received in [startsAt, endsBefore), per course that has any (of these courses only,
 * when given): how many and their average score, to two decimals.
 */
export async function reviewTalliesByCourse(
  db: DatabaseExecutor,
  range: { startsAt: Date; endsBefore: Date },
  onlyCourseIds: readonly string[] | null,
): Promise<{ courseId: string; reviewCount: number; averageScore: number | null }[]> {
  if (onlyCourseIds?.length === 0) return [];
  const rows = await rowsOf<{ course_id: string; review_count: number; average_score: string | null }>(
    db,
    sql`select course_id, count(*)::int as review_count, round(avg(score)::numeric, 2) as average_score
          from course_feedback
         where received_at >= ${range.startsAt} and received_at < ${range.endsBefore}
           ${onlyCourseIds ? sql`and course_id in ${[...onlyCourseIds]}` : sql``}
         group by course_id`,
  );
  return rows.map((row) => ({ courseId: row.course_id, reviewCount: row.review_count, averageScore: row.average_score === null ? null : Number(row.average_score) }));
}
