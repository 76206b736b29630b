import { asc, eq, sql } from 'drizzle-orm';
import type { LessonSummary } from '../../contracts/catalogue.js';
import type { Database } from '../../database/connection.js';
import { lessons } from './catalogue.schema.js';

/** A course's lessons in order, each ticked when the learner has completed it. */
export function lessonSummaries(db: Database, courseId: string, userId: string | null): Promise<LessonSummary[]> {
  return db
    .select({
      slug: lessons.slug,
      title: lessons.title,
      kind: lessons.kind,
      estimatedMinutes: lessons.estimatedMinutes,
      loginRequired: lessons.loginRequired,
      isCompleted: userId
        ? sql<boolean>`exists(select 1 from "lesson_completions" where "lesson_completions"."user_id" = ${userId} and "lesson_completions"."lesson_id" = "lessons"."id")`.mapWith(Boolean)
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
}
