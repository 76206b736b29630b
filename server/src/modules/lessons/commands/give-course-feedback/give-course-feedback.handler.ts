import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, count, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import { EventStore } from '../../../../database/event-store.js';
import { courseIdBySlug, lessonCountOf } from '../../../catalogue/reads.js';
import { courseFeedback, lessonCompletions } from '../../lessons.schema.js';
import { CourseFeedbackGiven, LESSON_PROGRESS_STREAM, lessonProgressStreamId } from '../../events.js';
import { GiveCourseFeedbackCommand } from './give-course-feedback.command.js';

/** Stores the review of a completed course; one per trigger (a resend returns the first). */
@CommandHandler(GiveCourseFeedbackCommand)
export class GiveCourseFeedbackHandler implements ICommandHandler<GiveCourseFeedbackCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, kind, courseSlug, feedback, meta }: GiveCourseFeedbackCommand): Promise<{ receivedAt: string }> {
    return this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      const courseId = await courseIdBySlug(tx, kind, courseSlug);
      if (!courseId) throw notFound('コース');
      const streamId = lessonProgressStreamId(userId, courseId);
      const version = await lockStream(LESSON_PROGRESS_STREAM, streamId);
      const [given] = await tx
        .select({ receivedAt: courseFeedback.receivedAt })
        .from(courseFeedback)
        .where(and(eq(courseFeedback.userId, userId), eq(courseFeedback.courseId, courseId), eq(courseFeedback.popupType, feedback.feedbackPopupType)));
      if (given) return { receivedAt: given.receivedAt.toISOString() };
      // Reviews are of finished courses: the popup only offers one then, and the API holds to it.
      // One after the other: a transaction is one connection, and pg runs one query at a time on it.
      const lessonCount = await lessonCountOf(tx, courseId);
      const [done] = await tx
        .select({ n: count() })
        .from(lessonCompletions)
        .where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.courseId, courseId)));
      if (!done || lessonCount === 0 || done.n < lessonCount) throw new AppError('VALIDATION_FAILED', 'コースを修了してから評価してください', 'feedbackPopupType');

      const receivedAt = new Date();
      const freetext = feedback.freetext?.trim() || null;
      await append({ streamType: LESSON_PROGRESS_STREAM, streamId, expectedVersion: version }, [
        new CourseFeedbackGiven({ courseId: courseId, feedbackPopupType: feedback.feedbackPopupType, score: feedback.score, freetext }),
      ]);
      await tx.insert(courseFeedback).values({ userId, courseId: courseId, popupType: feedback.feedbackPopupType, score: feedback.score, freetext, receivedAt });
      return { receivedAt: receivedAt.toISOString() };
    });
  }
}
