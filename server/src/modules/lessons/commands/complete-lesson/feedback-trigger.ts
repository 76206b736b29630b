import { sql } from 'drizzle-orm';
import type { FeedbackPopupType } from '../../../../contracts/lessons.js';
import type { Transaction } from '../../../../database/connection.js';
import { anyCourseWhere, everyLessonOfRow, lessonIdOfRow } from '../../../catalogue/reads.js';
import { hasCompletedLesson } from '../../reads.js';

/** Every lesson of the course in the outer query is completed by the learner. */
const completedBy = (userId: string) => everyLessonOfRow(hasCompletedLesson(userId, lessonIdOfRow));

/**
 * Which review to ask for when a learner has just completed a course (spec §3 feedbackPopupType):
 * their first completed course; or the last one of a category; otherwise the general review.
 * Runs after the completing lesson was recorded in the same transaction.
 */
export async function feedbackTriggerFor(tx: Transaction, userId: string, course: { id: string; kind: string; categories: string[] }): Promise<FeedbackPopupType> {
  const earlier = await anyCourseWhere(tx, completedBy(userId), { exceptCourseId: course.id });
  if (!earlier) return 'COURSE_COMPLETED_FIRST_TIME';
  for (const category of course.categories) {
    const unfinished = await anyCourseWhere(tx, sql`not ${completedBy(userId)}`, { kind: course.kind as 'learning', category });
    if (!unfinished) return 'COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY';
  }
  return 'COURSE_COMPLETED_GENERAL';
}
