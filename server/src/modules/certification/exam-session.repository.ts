import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../core/errors/app-error.js';
import type { DatabaseConnection, DatabaseExecutor, Transaction } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { EventStore, gatedAppend, type EventMeta, type GatedEntry, type UnitOfWork } from '../../database/event-store.js';
import { examQuestionOutcomes, examSessions } from './certification.schema.js';
import { questionOutcomes } from './domain/exam-session.js';
import { acceptingAnswersAt, overdueSessionsAt } from './domain/exam-timing.js';
import { type AnswerSheet, ExamSession } from './domain/exam-session-aggregate.js';
import { type AnswerSaved, EXAM_SESSION_STREAM } from './events.js';

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
   * Saves answers of several sessions, one each, in one statement without a transaction or a read
   * (`answerSaveStatement` for one). For each, whether it held: false when its session is not that
   * learner's running one within its time, which the caller answers the careful way.
   */
  async saveAnswersAlone(saves: readonly AnswerToSave[]): Promise<boolean[]> {
    const stored = await this.eventStore.appendGated(EXAM_SESSION_STREAM, saves.map(answerSaveEntry), ANSWER_SAVE_GATE);
    return stored.map((event) => event !== null);
  }

  /** What answering reads of a session, fixed at its start: its owner, deadline and questions' choices. Null when there is none. */
  async readAnswerSheet(examSessionId: string): Promise<(AnswerSheet & { userId: string }) | null> {
    const [row] = await this.connection.db
      .select({ userId: examSessions.userId, deadline: examSessions.deadline, questions: examSessions.questions })
      .from(examSessions)
      .where(eq(examSessions.id, examSessionId));
    if (!row) return null;
    const questions = row.questions.map(({ questionId, type, choices }) => ({ questionId, type, choices: choices.map(({ choiceId }) => ({ choiceId })) }));
    return { userId: row.userId, deadline: row.deadline, questions };
  }

  private ownRows(db: DatabaseExecutor, examSessionId: string, userId: string) {
    return db
      .select()
      .from(examSessions)
      .where(and(eq(examSessions.id, examSessionId), eq(examSessions.userId, userId)));
  }
}

/** One answer a learner made, to be saved with its event. */
export interface AnswerToSave {
  meta: EventMeta;
  examSessionId: string;
  userId: string;
  answer: AnswerSaved;
}

const answerSaveEntry = ({ meta, examSessionId, userId, answer }: AnswerToSave): GatedEntry => ({
  meta,
  streamId: examSessionId,
  event: answer,
  gate: { userId, answer: { [answer.data.questionId]: answer.data.choiceIds }, madeAt: answer.data.savedAt },
});

/**
 * Each answer merged into its session row and the stream version counted on, only while the session is
 * that learner's, running and within its deadline and grace by the server's clock at the answer (the
 * row is the authority; the sheet's check came first). Concurrent saves of one session queue on its row
 * lock, so none is stale.
 */
const ANSWER_SAVE_GATE = sql`update exam_sessions
     set answers = exam_sessions.answers || (input.gate -> 'answer'), stream_version = exam_sessions.stream_version + 1
    from input
   where exam_sessions.id = any(array(select stream_id::uuid from input)) -- by the primary key, however many running sessions there are
     and exam_sessions.id = input.stream_id::uuid and exam_sessions.user_id = (input.gate ->> 'userId')::uuid
     and ${acceptingAnswersAt(sql`(input.gate ->> 'madeAt')::timestamptz`)}
  returning input.stream_id, exam_sessions.stream_version as version`;

/** The statement that saves one answer, for the benchmark that runs it alone. */
export const answerSaveStatement = (save: AnswerToSave) => gatedAppend(EXAM_SESSION_STREAM, [answerSaveEntry(save)], ANSWER_SAVE_GATE).statement;
