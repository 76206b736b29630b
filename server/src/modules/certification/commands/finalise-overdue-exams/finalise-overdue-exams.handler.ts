import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { EventStore, type EventMeta } from '../../../../database/event-store.js';
import { courseSlugsByIds } from '../../../catalogue/reads.js';
import { overdueSessionsAt } from '../../domain/exam-timing.js';
import { ExamSessionRepository } from '../../exam-session.repository.js';
import { EXAM_SESSION_STREAM, ExamExpired } from '../../events.js';
import { FinaliseOverdueExamsCommand, type FinalisedExam } from './finalise-overdue-exams.command.js';

/** Sessions closed per transaction when many deadlines fall together. */
const BATCH_SIZE = 250;
/**
 * Batch transactions a sweep runs side by side: each takes the next rows nobody holds (SKIP LOCKED), so
 * a storm of 1,000 closes in one round of four commits instead of four in a row.
 */
const SIDE_BY_SIDE_BATCHES = 4;

/**
 * An overdue session is finished with the answers saved so far, at its deadline; grading follows from
 * ExamExpired. Whoever comes first closes it — the delayed job (or the reconciler's run of it), or the learner's next
 * start — and the others find it no longer running, so it expires once. Until then every read shows it
 * as ended by the same rule (`overdueSessionsAt`, `attemptStanding`) (only the exam page's GET still closes it, see the controller).
 *
 * For one learner (their next start) each overdue session is locked (a submit holding
 * one is waited for: the request that follows must not see it running) and expires by its own rule,
 * `ExamSession.expire`. Deadlines come in storms (a cohort starting together), so without a learner it
 * closes every overdue session in a few set-based transactions of up to 250, skipping rows a submit
 * holds: the same rule as one statement, which the handler's spec holds to the aggregate's. The
 * batches run side by side, each until it finds fewer than a full batch left.
 */
@CommandHandler(FinaliseOverdueExamsCommand)
export class FinaliseOverdueExamsHandler implements ICommandHandler<FinaliseOverdueExamsCommand> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly eventStore: EventStore,
    private readonly sessions: ExamSessionRepository,
  ) {}

  async execute({ meta, userId }: FinaliseOverdueExamsCommand): Promise<FinalisedExam[]> {
    if (userId !== null) return (await this.hasOverdue(userId)) ? this.closeOverdueOf(meta, userId) : [];
    const sweeps = await Promise.all(Array.from({ length: SIDE_BY_SIDE_BATCHES }, () => this.closeOverdueInBatches(meta)));
    return sweeps.flat();
  }

  private async closeOverdueInBatches(meta: EventMeta): Promise<FinalisedExam[]> {
    const closed: FinalisedExam[] = [];
    for (;;) {
      const batch = await this.closeOverdueBatch(meta);
      closed.push(...batch);
      if (batch.length < BATCH_SIZE) return closed;
    }
  }

  private closeOverdueOf(meta: EventMeta, userId: string): Promise<FinalisedExam[]> {
    return this.eventStore.commit(meta, async (unit) => {
      const now = new Date();
      const closed: FinalisedExam[] = [];
      const overdue = await this.sessions.lockOverdueOf(unit.tx, userId, now);
      const slugOf = await courseSlugsByIds(unit.tx, overdue.map((session) => session.state.courseId));
      for (const session of overdue) {
        const courseSlug = slugOf.get(session.state.courseId) ?? '';
        if (!session.expire(now, courseSlug)) continue;
        await this.sessions.save(unit, session);
        closed.push({ userId, examSessionId: session.state.id, courseSlug });
      }
      return closed;
    });
  }

  /** The common case (nothing overdue) costs one indexed look-up, no transaction. */
  private async hasOverdue(userId: string): Promise<boolean> {
    const rows = await rowsOf<{ id: string }>(
      this.connection.db,
      sql`select id from exam_sessions where user_id = ${userId} and ${overdueSessionsAt(new Date())} limit 1`,
    );
    return rows.length > 0;
  }

  /** Closes up to BATCH_SIZE overdue sessions of anyone in one transaction (each ExamExpired pushes `exam.timeUp` after commit). */
  private async closeOverdueBatch(meta: EventMeta): Promise<FinalisedExam[]> {
    return this.eventStore.commit(meta, async ({ tx, appendToStreams }) => {
      // Found and closed in one statement; a row locked meanwhile is left to the next batch.
      const rows = await rowsOf<{ id: string; userId: string; deadline: string | Date; version: number; courseId: string; answeredCount: number }>(
        tx,
        sql`update exam_sessions s
               set status = 'expired', finished_at = s.deadline, stream_version = s.stream_version + 1
              from (select id from exam_sessions
                     where ${overdueSessionsAt(new Date())}
                     order by deadline
                     limit ${BATCH_SIZE}
                     for update skip locked) due
             where s.id = due.id
         returning s.id, s.user_id as "userId", s.deadline, s.stream_version - 1 as version, s.course_id as "courseId",
                   (select count(*) from jsonb_object_keys(s.answers))::int as "answeredCount"`,
      );
      if (rows.length === 0) return [];
      const slugOf = await courseSlugsByIds(tx, rows.map((session) => session.courseId));
      const closed = rows.map((session) => ({ ...session, courseSlug: slugOf.get(session.courseId) ?? '' }));
      // Each expiry is traced to its own session's start: one look-up by the stream's unique index, not a
      // join the planner may turn into a scan of the whole event log once it has grown.
      const starts = await rowsOf<{ streamId: string; id: string; correlationId: string }>(
        tx,
        sql`select stream_id as "streamId", id, meta->>'correlationId' as "correlationId" from events
             where stream_type = ${EXAM_SESSION_STREAM} and version = 1
               and stream_id = any(${`{${closed.map((session) => session.id).join(',')}}`}::text[])`,
      );
      const startOf = new Map(starts.map((start) => [start.streamId, start]));
      await appendToStreams(
        closed.map((session) => ({
          stream: { streamType: EXAM_SESSION_STREAM, streamId: session.id, expectedVersion: session.version },
          meta: { ...meta, correlationId: startOf.get(session.id)?.correlationId ?? meta.correlationId, causationId: startOf.get(session.id)?.id ?? meta.causationId },
          events: [
            new ExamExpired({ finishedAt: new Date(session.deadline).toISOString(), answeredCount: session.answeredCount, userId: session.userId, courseSlug: session.courseSlug }),
          ],
        })),
      );
      return closed.map((session) => ({ userId: session.userId, examSessionId: session.id, courseSlug: session.courseSlug }));
    });
  }
}
