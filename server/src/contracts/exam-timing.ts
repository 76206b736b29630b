/** After the deadline, a submit already on its way is still taken for this long. */
export const SUBMIT_GRACE_MS = 5_000;

/**
 * Sessions whose deadline lies before this moment are overdue: past their deadline and its grace, so
 * no answer or submit can reach them any more and they are finalised with what was saved.
 */
export const overdueBefore = (now: Date): Date => new Date(now.getTime() - SUBMIT_GRACE_MS);

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
