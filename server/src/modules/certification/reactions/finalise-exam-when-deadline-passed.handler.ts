import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import { courses, examSessions } from '../../../database/schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { RealtimePublisher } from '../../../realtime/realtime-publisher.js';
import { acceptsSubmitAt } from '../domain/exam-session.js';
import { EXAM_SESSION_STREAM, ExamExpired } from '../events.js';

/**
 * A delayed job, due after the deadline and its grace: a session still open is finished with the
 * answers saved so far (finish time = the deadline), browser or not. Grading follows from ExamExpired.
 */
@Injectable()
@JobHandler('finalise-exam-when-deadline-passed')
export class FinaliseExamWhenDeadlinePassedHandler implements HandlesJob<StoredEvent> {
  constructor(
    private readonly eventStore: EventStore,
    private readonly realtime: RealtimePublisher,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    const expired = await this.eventStore.commit(meta, async ({ tx, append }) => {
      const [session] = await tx.select().from(examSessions).where(eq(examSessions.id, event.streamId)).for('update');
      if (!session || session.status !== 'running') return null;
      // Too early (a clock ahead of ours): failing lets BullMQ try again after its backoff.
      if (acceptsSubmitAt(session.deadline, new Date())) throw new Error(`exam ${session.id} is still open`);
      await append({ streamType: EXAM_SESSION_STREAM, streamId: session.id, expectedVersion: session.streamVersion }, [
        new ExamExpired({ finishedAt: session.deadline.toISOString(), answeredCount: Object.keys(session.answers).length }),
      ]);
      await tx.update(examSessions).set({ status: 'expired', finishedAt: session.deadline, streamVersion: session.streamVersion + 1 }).where(eq(examSessions.id, session.id));
      const [course] = await tx.select({ slug: courses.slug }).from(courses).where(eq(courses.id, session.courseId));
      return { userId: session.userId, examSessionId: session.id, courseSlug: course?.slug ?? '' };
    });
    // An open exam page shows the time-up notice; its own countdown reaches zero anyway.
    if (expired) this.realtime.toUser(expired.userId).emit('exam.timeUp', { examSessionId: expired.examSessionId, courseSlug: expired.courseSlug });
  }
}
