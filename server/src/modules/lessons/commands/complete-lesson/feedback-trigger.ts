import { and, eq, ne, sql } from 'drizzle-orm';
import type { FeedbackPopupType } from '../../../../contracts/lessons.js';
import type { Transaction } from '../../../../database/connection.js';
import { courses } from '../../../catalogue/catalogue.schema.js';

/** Every lesson of the course in the outer query is completed by the learner. */
const completedBy = (userId: string) => sql`(exists(select 1 from "lessons" where "lessons"."course_id" = "courses"."id")
  and not exists(select 1 from "lessons" where "lessons"."course_id" = "courses"."id"
    and not exists(select 1 from "lesson_completions" where "lesson_completions"."user_id" = ${userId} and "lesson_completions"."lesson_id" = "lessons"."id")))`;

/**
 * Which review to ask for when a learner has just completed a course (spec §3 feedbackPopupType):
 * their first completed course; or the last one of a category; otherwise the general review.
 * Runs after the completing lesson was recorded in the same transaction.
 */
export async function feedbackTriggerFor(tx: Transaction, userId: string, course: { id: string; kind: string; categories: string[] }): Promise<FeedbackPopupType> {
  const [earlier] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(ne(courses.id, course.id), completedBy(userId)))
    .limit(1);
  if (!earlier) return 'COURSE_COMPLETED_FIRST_TIME';
  for (const category of course.categories) {
    const [unfinished] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.kind, course.kind as 'learning'), sql`${courses.categories} ? ${category}`, sql`not ${completedBy(userId)}`))
      .limit(1);
    if (!unfinished) return 'COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY';
  }
  return 'COURSE_COMPLETED_GENERAL';
}
