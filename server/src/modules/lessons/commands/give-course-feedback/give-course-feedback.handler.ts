import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, count, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../../common/errors/app-error.js';
import { EventStore } from '../../../../database/event-store.js';
import { courses, lessons } from '../../../catalogue/catalogue.schema.js';
import { courseActivity } from '../../../course-activity/course-activity.schema.js';
import { courseFeedback, lessonCompletions } from '../../lessons.schema.js';
import { COURSE_ACTIVITY_STREAM, courseActivityStreamId } from '../../../course-activity/events.js';
import { CourseFeedbackGiven } from '../../events.js';
import { GiveCourseFeedbackCommand } from './give-course-feedback.command.js';

/** Stores the review of a completed course; one per trigger (a resend returns the first). */
@CommandHandler(GiveCourseFeedbackCommand)
export class GiveCourseFeedbackHandler implements ICommandHandler<GiveCourseFeedbackCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, kind, courseSlug, feedback, meta }: GiveCourseFeedbackCommand): Promise<{ receivedAt: string }> {
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const [course] = await tx.select({ id: courses.id }).from(courses).where(and(eq(courses.kind, kind), eq(courses.slug, courseSlug)));
      if (!course) throw notFound('コース');
      const [activity] = await tx
        .select({ version: courseActivity.streamVersion })
        .from(courseActivity)
        .where(and(eq(courseActivity.userId, userId), eq(courseActivity.courseId, course.id)))
        .for('update');
      const [given] = await tx
        .select({ receivedAt: courseFeedback.receivedAt })
        .from(courseFeedback)
        .where(and(eq(courseFeedback.userId, userId), eq(courseFeedback.courseId, course.id), eq(courseFeedback.popupType, feedback.feedbackPopupType)));
      if (given) return { receivedAt: given.receivedAt.toISOString() };
      // Reviews are of finished courses: the popup only offers one then, and the API holds to it.
      const [[all], [done]] = await Promise.all([
        tx.select({ n: count() }).from(lessons).where(eq(lessons.courseId, course.id)),
        tx.select({ n: count() }).from(lessonCompletions).where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.courseId, course.id))),
      ]);
      if (!all || !done || all.n === 0 || done.n < all.n) throw new AppError('VALIDATION_FAILED', 'コースを修了してから評価してください', 'feedbackPopupType');

      const receivedAt = new Date();
      const freetext = feedback.freetext?.trim() || null;
      const version = activity?.version ?? 0;
      await append({ streamType: COURSE_ACTIVITY_STREAM, streamId: courseActivityStreamId(userId, course.id), expectedVersion: version }, [
        new CourseFeedbackGiven({ courseId: course.id, feedbackPopupType: feedback.feedbackPopupType, score: feedback.score, freetext }),
      ]);
      await tx.insert(courseFeedback).values({ userId, courseId: course.id, popupType: feedback.feedbackPopupType, score: feedback.score, freetext, receivedAt });
      await tx
        .insert(courseActivity)
        .values({ userId, courseId: course.id, streamVersion: 1 })
        .onConflictDoUpdate({ target: [courseActivity.userId, courseActivity.courseId], set: { streamVersion: version + 1 } });
      return { receivedAt: receivedAt.toISOString() };
    });
  }
}
