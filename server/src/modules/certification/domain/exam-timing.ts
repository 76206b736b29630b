/**
 * When an exam is open, overdue and retaken: each rule once, read by the session, the start rule, the
 * standing every page shows, the finaliser and the reconciler. The overdue rule's SQL translation sits
 * beside it, so the set-based finalising and the look-ups for overdue rows cannot drift from it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { examSessions } from '../certification.schema.js';

/** After the deadline, a submit already on its way is still taken for this long. */
export const SUBMIT_GRACE_MS = 5_000;

/** Deadlines before this moment have passed with their grace too. */
const graceEndedBefore = (now: Date): Date => new Date(now.getTime() - SUBMIT_GRACE_MS);

/**
 * Overdue: still running, past its deadline and its grace, so no answer or submit can reach it any
 * more and it is finalised with what was saved.
 */
export const isOverdue = (session: { status: string; deadline: Date }, now: Date): boolean =>
  session.status === 'running' && session.deadline.getTime() < graceEndedBefore(now).getTime();

/** `isOverdue` as a condition on `exam_sessions` (unaliased): the rows the finaliser closes. */
export const overdueSessionsAt = (now: Date): SQL =>
  sql`(${examSessions.status} = 'running' and ${examSessions.deadline} < ${graceEndedBefore(now).toISOString()}::timestamptz)`;

/** `acceptsSubmitAt` of a running session as a condition on `exam_sessions`, for an answer made at `madeAt` (a timestamptz). */
export const acceptingAnswersAt = (madeAt: SQL): SQL =>
  sql`(${examSessions.status} = 'running' and ${examSessions.deadline} >= ${madeAt} - ${SUBMIT_GRACE_MS} * interval '1 millisecond')`;

/**
 * A running session is open (resumable, offered as 受験中) until its deadline. After it the learner's
 * time is up whatever the row still says: only a submit already on its way lands, then it is finalised
 * and graded, and no page offers it or a new start meanwhile.
 */
export const isOpenAt = (deadline: Date, now: Date): boolean => deadline.getTime() > now.getTime();

/** A running session takes answers and its submit until it is overdue. */
export const acceptsSubmitAt = (deadline: Date, now: Date): boolean => !isOverdue({ status: 'running', deadline }, now);

/** The retake rule: when a failed or expired attempt finished then lets the learner try again. */
export const retakeOpensAt = (finishedAt: Date, retakeWaitHours: number): Date => new Date(finishedAt.getTime() + retakeWaitHours * 3_600_000);

/** The learner's latest session of a course, as its row says. */
export interface LatestAttempt {
  id: string;
  status: 'running' | 'submitted' | 'expired' | 'graded';
  deadline: Date;
  finishedAt: Date | null;
  passed: boolean | null;
}

/**
 * What the learner's latest attempt of a course allows, by the same reading on every page and in the
 * start rule (`startDecision`): still open (resume), ended and awaiting its result (nothing to start),
 * or, after a graded failure, when a retake opens while that is still ahead.
 */
export type AttemptStanding = { kind: 'open'; examSessionId: string; deadline: Date } | { kind: 'grading' } | { kind: 'retakeWait'; opensAt: Date } | { kind: 'none' };

export function attemptStanding(latest: LatestAttempt | null, retakeWaitHours: number, now: Date): AttemptStanding {
  if (!latest) return { kind: 'none' };
  if (latest.status === 'running') return isOpenAt(latest.deadline, now) ? { kind: 'open', examSessionId: latest.id, deadline: latest.deadline } : { kind: 'grading' };
  if (latest.passed === null) return { kind: 'grading' };
  if (latest.passed || !latest.finishedAt) return { kind: 'none' };
  const opensAt = retakeOpensAt(latest.finishedAt, retakeWaitHours);
  return opensAt > now ? { kind: 'retakeWait', opensAt } : { kind: 'none' };
}
