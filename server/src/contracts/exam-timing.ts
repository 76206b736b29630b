/** After the deadline, a submit already on its way is still taken for this long. */
export const SUBMIT_GRACE_MS = 5_000;

/**
 * Sessions whose deadline lies before this moment are overdue: past their deadline and its grace, so
 * no answer or submit can reach them any more and they are finalised with what was saved.
 */
export const overdueBefore = (now: Date): Date => new Date(now.getTime() - SUBMIT_GRACE_MS);

/**
 * A running session is open (resumable, offered as 受験中) until its deadline. After it the learner's
 * time is up whatever the row still says: only a submit already on its way lands, then it is finalised
 * and graded, and no page offers it or a new start meanwhile.
 */
export const isOpenAt = (deadline: Date, now: Date): boolean => deadline.getTime() > now.getTime();

export const acceptsSubmitAt = (deadline: Date, now: Date): boolean => deadline.getTime() >= overdueBefore(now).getTime();

/** When a failed or expired attempt lets the learner try again. */
export const retakeOpensAt = (finishedAt: Date, retakeWaitHours: number): Date => new Date(finishedAt.getTime() + retakeWaitHours * 3_600_000);

/**
 * The wait after the last finished attempt: when the next may start, while that is still ahead; null
 * after a pass or once the wait is over. The start rule refuses with it (EXAM_COOLDOWN) and the course
 * page says it before the learner tries.
 */
export function retakeWaitEndsAt(lastAttempt: { finishedAt: Date; passed: boolean } | null, retakeWaitHours: number, now: Date): Date | null {
  if (!lastAttempt || lastAttempt.passed) return null;
  const opensAt = retakeOpensAt(lastAttempt.finishedAt, retakeWaitHours);
  return opensAt > now ? opensAt : null;
}

/** The learner's latest session of a course, as its row says. */
export interface LatestAttempt {
  id: string;
  status: 'running' | 'submitted' | 'expired' | 'graded';
  deadline: Date;
  finishedAt: Date | null;
  passed: boolean | null;
}

/**
 * What the course and policy pages tell the learner about their latest attempt, by the start rule's own
 * reading (`startDecision`): still open (resume), ended and awaiting its result (nothing to start), or
 * when a retake opens after a graded failure.
 */
export type AttemptStanding = { kind: 'open'; examSessionId: string; deadline: Date } | { kind: 'grading' } | { kind: 'retakeWait'; opensAt: Date } | { kind: 'none' };

export function attemptStanding(latest: LatestAttempt | null, retakeWaitHours: number, now: Date): AttemptStanding {
  if (!latest) return { kind: 'none' };
  if (latest.status === 'running') return isOpenAt(latest.deadline, now) ? { kind: 'open', examSessionId: latest.id, deadline: latest.deadline } : { kind: 'grading' };
  if (latest.passed === null) return { kind: 'grading' };
  const opensAt = latest.finishedAt ? retakeWaitEndsAt({ finishedAt: latest.finishedAt, passed: latest.passed }, retakeWaitHours, now) : null;
  return opensAt ? { kind: 'retakeWait', opensAt } : { kind: 'none' };
}
