import { and, eq } from 'drizzle-orm';
import { notFound } from '../../common/errors/app-error.js';
import type { Transaction } from '../../database/connection.js';
import { examSessions } from '../../database/schema.js';

/** The learner's own session, locked until the transaction ends; another learner's is as unknown as a missing one. */
export async function lockOwnExamSession(tx: Transaction, examSessionId: string, userId: string) {
  const [session] = await tx
    .select()
    .from(examSessions)
    .where(and(eq(examSessions.id, examSessionId), eq(examSessions.userId, userId)))
    .for('update');
  if (!session) throw notFound('試験');
  return session;
}
