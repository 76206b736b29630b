import { and, eq } from 'drizzle-orm';
import { notFound } from '../../core/errors/app-error.js';
import type { ActivityCourseKind } from '../../contracts/course-activity.js';
import type { Transaction } from '../../database/connection.js';
import { courseIdBySlug } from '../catalogue/reads.js';
import { courseActivity } from './course-activity.schema.js';

/** The course a command is about and the learner's current row for it (locked until the transaction ends). */
export async function loadCourseActivity(tx: Transaction, userId: string, kind: ActivityCourseKind, slug: string) {
  const courseId = await courseIdBySlug(tx, kind, slug);
  if (!courseId) throw notFound('コース');
  const [activity] = await tx
    .select()
    .from(courseActivity)
    .where(and(eq(courseActivity.userId, userId), eq(courseActivity.courseId, courseId)))
    .for('update');
  return { courseId, activity };
}
