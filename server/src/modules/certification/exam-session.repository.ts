import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../core/errors/app-error.js';
import type { DatabaseConnection, DatabaseExecutor, Transaction } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { EventStore, type EventMeta, type UnitOfWork } from '../../database/event-store.js';
import { examQuestionOutcomes, examSessions } from './certification.schema.js';
import { questionOutcomes } from './domain/exam-session.js';
import { overdueSessionsAt } from './domain/exam-timing.js';
import { ExamSession } from './domain/exam-session-aggregate.js';
import { EXAM_SESSION_STREAM } from './events.js';

type ExamSessionRow = typeof examSessions.$inferSelect;

const toSession = ({ streamVersion, ...state }: ExamSessionRow): ExamSession => ExamSession.fromState(state, streamVersion);

/**
 * Loads exam sessions at their stream version and saves what they recorded: the events at the version
 * loaded (the unique index refuses a stale save with 409) and the read row, in the caller's transaction.
 * A learner's session is looked up with their id too: another learner's is as unknown as a missing one.
 */
@Injectable()
export class ExamSessionRepository {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly eventStore: EventStore,
  ) {}

  /** The learner's session, locked until the transaction ends. */
  async lockOwn(tx: Transaction, examSessionId: string, userId: string): Promise<ExamSession> {
    const [row] = await this.ownRows(tx, examSessionId, userId).for('update');
    if (!row) throw notFound('試験');
    return toSession(row);
  }

  /** The same, unlocked: for a save that checks the version it read in its own statement. */
  async readOwn(examSessionId: string, userId: string): Promise<ExamSession> {
    const [row] = await this.ownRows(this.connection.db, examSessionId, userId);
    if (!row) throw notFound('試験');
    return toSession(row);
  }

  /** Any learner's session, locked (the worker's grading); null when there is none. */
  async lock(tx: Transaction, examSessionId: string): Promise<ExamSession | null> {
    const [row] = await tx.select().from(examSessions).where(eq(examSessions.id, examSessionId)).for('update');
    return row ? toSession(row) : null;
  }

  /** The learner's running sessions past their deadline and grace, locked (a submit holding one is waited for). */
  async lockOverdueOf(tx: Transaction, userId: string, now: Date): Promise<ExamSession[]> {
    const rows = await tx
      .select()
      .from(examSessions)
      .where(and(eq(examSessions.userId, userId), overdueSessionsAt(now)))
      .for('update');
    return rows.map(toSession);
  }

  async save({ tx, append }: UnitOfWork, session: ExamSession): Promise<void> {
    if (session.changes.length === 0) return;
    await append({ streamType: EXAM_SESSION_STREAM, streamId: session.state.id, expectedVersion: session.loadedVersion }, [...session.changes]);
    const streamVersion = session.loadedVersion + session.changes.length;
    if (session.loadedVersion === 0) await tx.insert(examSessions).values({ ...session.state, streamVersion });
    else await tx.update(examSessions).set({ ...session.state, streamVersion }).where(eq(examSessions.id, session.state.id));
    if (session.changes.some((event) => event.type === 'ExamGraded')) await this.saveOutcomes(tx, session);
  }

  /** What the exam analytics count: each question right or not, by grading's own rule. */
  private async saveOutcomes(tx: Transaction, session: ExamSession): Promise<void> {
    const { id, courseId, startedAt, questions, answers } = session.state;
    const rows = questionOutcomes(questions, answers).map((outcome) => ({ ...outcome, examSessionId: id, courseId, startedAt }));
    if (rows.length > 0) await tx.insert(examQuestionOutcomes).values(rows).onConflictDoNothing();
  }

  /**
   * Saves one recorded answer without a transaction: its event and the answer in one statement that
   * holds only while the session is still running at the version read. False when it did not hold.
   */
  async saveAnswerAlone(meta: EventMeta, session: ExamSession): Promise<boolean> {
    const [answer] = session.changes;
    if (session.changes.length !== 1 || answer?.type !== 'AnswerSaved') throw new Error('saveAnswerAlone saves exactly one recorded answer');
    const { questionId, choiceIds } = answer.data as { questionId: string; choiceIds: string[] };
    const { id } = session.state;
    const saved = await this.eventStore.appendInOneStatement(
      meta,
      { streamType: EXAM_SESSION_STREAM, streamId: id, expectedVersion: session.loadedVersion },
      [answer],
      sql`update exam_sessions
             set answers = answers || ${JSON.stringify({ [questionId]: choiceIds })}::jsonb, stream_version = stream_version + 1
           where id = ${id} and stream_version = ${session.loadedVersion} and status = 'running'
       returning id`,
    );
    return saved.length > 0;
  }

  private ownRows(db: DatabaseExecutor, examSessionId: string, userId: string) {
    return db
      .select()
      .from(examSessions)
      .where(and(eq(examSessions.id, examSessionId), eq(examSessions.userId, userId)));
  }
}
