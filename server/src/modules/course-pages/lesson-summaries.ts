import { sql } from 'drizzle-orm';
import type { LessonSummary } from '../../contracts/catalogue.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { courseLessons, lessonIdOfRow } from '../catalogue/reads.js';
import { hasCompletedLesson } from '../lessons/reads.js';

/** A course's lessons in order, each ticked when the learner has completed it. */
export function lessonSummaries(db: DatabaseExecutor, courseId: string, userId: string | null): Promise<LessonSummary[]> {
  return courseLessons(db, courseId, {
    isCompleted: userId ? sql<boolean>`${hasCompletedLesson(userId, lessonIdOfRow)}`.mapWith(Boolean) : sql<boolean>`false`.mapWith(Boolean),
  });
}
