import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import type { LessonCompletion } from '../../../../contracts/lessons.js';
import type { Transaction } from '../../../../database/connection.js';
import { type DomainEvent, EventStore } from '../../../../database/event-store.js';
import { courseFeedback, lessonCompletions } from '../../lessons.schema.js';
import { CourseCompleted, LESSON_PROGRESS_STREAM, LessonCompleted, lessonProgressStreamId } from '../../events.js';
import { findLesson } from '../../find-lesson.js';
import { CompleteLessonCommand } from './complete-lesson.command.js';
import { feedbackTriggerFor } from './feedback-trigger.js';

/**
 * Records a finished lesson; finishing the last one completes the course and may ask for a review.
 * Studying a lesson is a visit too: the course history (course-pages) reads the completions beside the visits.
 */
@CommandHandler(CompleteLessonCommand)
export class CompleteLessonHandler implements ICommandHandler<CompleteLessonCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, address, meta }: CompleteLessonCommand): Promise<LessonCompletion> {
    return this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      const { course, lessons, lesson } = await findLesson(tx, address);
      // Lessons of one course share the learner's progress stream: a second completion waits for the first.
      const streamId = lessonProgressStreamId(userId, course.id);
      const version = await lockStream(LESSON_PROGRESS_STREAM, streamId);
      const done = await tx
        .select({ lessonId: lessonCompletions.lessonId })
        .from(lessonCompletions)
        .where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.courseId, course.id)));
      const progress = (count: number) => ({ completedLessonCount: count, lessonCount: lessons.length, courseCompleted: count === lessons.length });
      // Completing a lesson twice (a second device, a retry) is not a new fact.
      if (done.some((row) => row.lessonId === lesson.id)) return { ...progress(done.length), feedbackPopupType: null };

      const completedAt = new Date();
      await tx.insert(lessonCompletions).values({ userId, lessonId: lesson.id, courseId: course.id, completedAt });
      const ref = { courseId: course.id, courseKind: course.kind, courseSlug: course.slug };
      const facts: DomainEvent[] = [new LessonCompleted({ ...ref, lessonId: lesson.id, lessonSlug: lesson.slug, completedAt: completedAt.toISOString() })];
      const { courseCompleted, ...counts } = progress(done.length + 1);
      const trigger = courseCompleted ? await feedbackTriggerFor(tx, userId, course) : null;
      if (trigger) facts.push(new CourseCompleted({ ...ref, completedAt: completedAt.toISOString(), feedbackPopupType: trigger }));

      await append({ streamType: LESSON_PROGRESS_STREAM, streamId, expectedVersion: version }, facts);
      return { ...counts, courseCompleted, feedbackPopupType: trigger && !(await this.reviewed(tx, userId, course.id, trigger)) ? trigger : null };
    });
  }

  /** A review already given for this trigger is not asked for again. */
  private async reviewed(tx: Transaction, userId: string, courseId: string, trigger: NonNullable<LessonCompletion['feedbackPopupType']>) {
    const [given] = await tx
      .select({ at: courseFeedback.receivedAt })
      .from(courseFeedback)
      .where(and(eq(courseFeedback.userId, userId), eq(courseFeedback.courseId, courseId), eq(courseFeedback.popupType, trigger)));
    return given !== undefined;
  }
}
