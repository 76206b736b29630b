import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import { examSessions } from '../../../database/schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { RealtimePublisher } from '../../../realtime/realtime-publisher.js';
import { SUBMIT_GRACE_MS } from '../domain/exam-session.js';
import { EXAM_SESSION_STREAM, ExamExpired } from '../events.js';

/** Sessions closed per transaction when many deadlines fall together. */
const BATCH_SIZE = 250;

/**
 * A delayed job, due after the deadline and its grace: a session still open is finished with the
 * answers saved so far (finish time = the deadline), browser or not. Grading follows from ExamExpired.
 *
 * Deadlines come in storms (a cohort starting together), so the first job that comes due closes every
 * overdue session in a few transactions; the jobs of the sessions it closed then find nothing to do.
 */
@Injectable()
@JobHandler('finalise-exam-when-deadline-passed')
export class FinaliseExamWhenDeadlinePassedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly eventStore: EventStore,
    private readonly realtime: RealtimePublisher,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    if (!(await this.isRunning(event.streamId))) return;
    while ((await this.finaliseOverdue(event)).length === BATCH_SIZE);
    // Too early (a clock ahead of ours), or a submit holds the row: failing lets BullMQ look again after its backoff.
    if (await this.isRunning(event.streamId)) throw new Error(`exam ${event.streamId} is still open`);
  }

  private async isRunning(examSessionId: string): Promise<boolean> {
    const [session] = await this.connection.db.select({ status: examSessions.status }).from(examSessions).where(eq(examSessions.id, examSessionId));
    return session?.status === 'running';
  }

  /** Closes up to BATCH_SIZE overdue sessions in one transaction, then tells each open exam page. */
  private async finaliseOverdue(cause: StoredEvent) {
    const meta = { actorId: null, requestId: null, correlationId: cause.meta.correlationId, causationId: cause.id };
    const expired = await this.eventStore.commit(meta, async ({ tx, appendToStreams }) => {
      const overdueBefore = new Date(Date.now() - SUBMIT_GRACE_MS).toISOString();
      // Found and closed in one statement; rows a submit or another finaliser holds are theirs to finish.
      const closed = await rowsOf<{
        id: string;
        userId: string;
        deadline: string | Date;
        version: number;
        courseSlug: string;
        answeredCount: number;
        startedEventId: string;
        correlationId: string;
      }>(
        tx,
        sql`update exam_sessions s
               set status = 'expired', finished_at = s.deadline, stream_version = s.stream_version + 1
              from (select id from exam_sessions
                     where status = 'running' and deadline < ${overdueBefore}::timestamptz
                     order by deadline
                     limit ${BATCH_SIZE}
                       for update skip locked) due, courses c, events started
             where s.id = due.id and c.id = s.course_id
               and started.stream_type = ${EXAM_SESSION_STREAM} and started.stream_id = s.id::text and started.version = 1
         returning s.id, s.user_id as "userId", s.deadline, s.stream_version - 1 as version, c.slug as "courseSlug",
                   (select count(*) from jsonb_object_keys(s.answers))::int as "answeredCount",
                   started.id as "startedEventId", started.meta->>'correlationId' as "correlationId"`,
      );
      await appendToStreams(
        closed.map((session) => ({
          stream: { streamType: EXAM_SESSION_STREAM, streamId: session.id, expectedVersion: session.version },
          // Each expiry is traced to its own session's start, whichever job closed it.
          meta: { ...meta, correlationId: session.correlationId, causationId: session.startedEventId },
          events: [new ExamExpired({ finishedAt: new Date(session.deadline).toISOString(), answeredCount: session.answeredCount })],
        })),
      );
      return closed.map((session) => ({ userId: session.userId, examSessionId: session.id, courseSlug: session.courseSlug }));
    });
    // An open exam page shows the time-up notice; its own countdown reaches zero anyway.
    for (const session of expired) this.realtime.toUser(session.userId).emit('exam.timeUp', { examSessionId: session.examSessionId, courseSlug: session.courseSlug });
    return expired;
  }
}
