import { and, eq } from 'drizzle-orm';
import { notFound } from '../../common/errors/app-error.js';
import type { DatabaseExecutor, Transaction } from '../../database/connection.js';
import { examSessions } from '../../database/schema.js';

/** The learner's own session, locked until the transaction ends; another learner's is as unknown as a missing one. */
export async function lockOwnExamSession(tx: Transaction, examSessionId: string, userId: string) {
  const [session] = await ownExamSession(tx, examSessionId, userId).for('update');
  if (!session) throw notFound('試験');
  return session;
}

/** The same, unlocked: for a write that checks the version it read in its own statement. */
export async function readOwnExamSession(db: DatabaseExecutor, examSessionId: string, userId: string) {
  const [session] = await ownExamSession(db, examSessionId, userId);
  if (!session) throw notFound('試験');
  return session;
}

const ownExamSession = (db: DatabaseExecutor, examSessionId: string, userId: string) =>
  db
    .select()
    .from(examSessions)
    .where(and(eq(examSessions.id, examSessionId), eq(examSessions.userId, userId)));
