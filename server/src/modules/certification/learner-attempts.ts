import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { badges, examSessions } from './certification.schema.js';
import type { LatestAttempt } from './domain/exam-timing.js';

/** The learner's latest session of a course (a running one is always the latest), as `attemptStanding` reads it. */
export async function latestAttemptOf(db: DatabaseExecutor, userId: string, courseId: string): Promise<LatestAttempt | null> {
  const [session] = await db
    .select({ id: examSessions.id, status: examSessions.status, deadline: examSessions.deadline, finishedAt: examSessions.finishedAt, passed: examSessions.passed })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.courseId, courseId)))
    .orderBy(desc(examSessions.startedAt))
    .limit(1);
  return session ?? null;
}

/** The learner's session whose row still says running, of whichever course (one at a time); null when none. */
export async function runningSessionOf(db: DatabaseExecutor, userId: string): Promise<{ id: string; courseId: string; deadline: Date } | null> {
  const [session] = await db
    .select({ id: examSessions.id, courseId: examSessions.courseId, deadline: examSessions.deadline })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.status, 'running')));
  return session ?? null;
}

/** The question ids of the learner's latest attempt at the course (none before a first attempt). */
export async function questionIdsOfLastAttempt(db: DatabaseExecutor, userId: string, courseId: string): Promise<Set<string>> {
  const [last] = await db
    .select({ ids: sql<string[]>`coalesce((select jsonb_agg(q->>'questionId') from jsonb_array_elements(${examSessions.questions}) q), '[]'::jsonb)` })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.courseId, courseId)))
    .orderBy(desc(examSessions.startedAt))
    .limit(1);
  return new Set(last?.ids ?? []);
}

/** Whether the learner holds the course's badge unexpired at `now`. */
export async function holdsValidBadge(db: DatabaseExecutor, userId: string, courseId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ at: badges.expiresAt })
    .from(badges)
    .where(and(eq(badges.userId, userId), eq(badges.courseId, courseId), gt(badges.expiresAt, now)));
  return rows.length > 0;
}
