import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

// Fragments for another module's query, correlated to the course id its outer query is on
// (catalogue's `courseIdOfRow`); the table is spelt out for the same reason.

/** A learner's id, or a placeholder for it in a prepared statement. */
type LearnerId = string | Placeholder;

/** The learner has marked the course as one they want to take. */
export function isFavoriteOf(userId: LearnerId, courseId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`exists(select 1 from "course_activity" where "course_activity"."user_id" = ${userId} and "course_activity"."course_id" = ${courseId} and "course_activity"."is_favorite")`;
}

/** When the learner put the course on their wish list; null when it is not on it. */
export function favoritedAtOf(userId: LearnerId, courseId: SQL | AnyColumn): SQL<Date | null> {
  return sql<Date | null>`(select "course_activity"."favorited_at" from "course_activity" where "course_activity"."user_id" = ${userId} and "course_activity"."course_id" = ${courseId} and "course_activity"."is_favorite")`;
}

/** The learner has opened the course's page. */
export function hasVisited(userId: LearnerId, courseId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`exists(select 1 from "course_activity" where "course_activity"."user_id" = ${userId} and "course_activity"."course_id" = ${courseId} and "course_activity"."first_visited_at" is not null)`;
}

/** When the learner last opened the course's page; null when never. */
export function lastVisitedAtOf(userId: LearnerId, courseId: SQL | AnyColumn): SQL<Date | null> {
  return sql<Date | null>`(select "course_activity"."last_visited_at" from "course_activity" where "course_activity"."user_id" = ${userId} and "course_activity"."course_id" = ${courseId})`;
}
