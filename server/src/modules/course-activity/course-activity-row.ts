import { and, eq } from 'drizzle-orm';
import { notFound } from '../../core/errors/app-error.js';
import type { ActivityCourseKind } from '../../contracts/course-activity.js';
import type { Transaction } from '../../database/connection.js';
import { courses } from '../catalogue/catalogue.schema.js';
import { courseActivity } from './course-activity.schema.js';

/** The course a command is about and the learner's current row for it (locked until the transaction ends). */
export async function loadCourseActivity(tx: Transaction, userId: string, kind: ActivityCourseKind, slug: string) {
  const [course] = await tx.select({ id: courses.id }).from(courses).where(and(eq(courses.kind, kind), eq(courses.slug, slug)));
  if (!course) throw notFound('コース');
  const [activity] = await tx
    .select()
    .from(courseActivity)
    .where(and(eq(courseActivity.userId, userId), eq(courseActivity.courseId, course.id)))
    .for('update');
  return { courseId: course.id, activity };
}
