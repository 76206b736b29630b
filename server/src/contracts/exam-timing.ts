/** After the deadline, a submit already on its way is still taken for this long. */
export const SUBMIT_GRACE_MS = 5_000;

/**
 * Sessions whose deadline lies before this moment are overdue: past their deadline and its grace, so
 * no answer or submit can reach them any more and they are finalised with what was saved.
 */
export const overdueBefore = (now: Date): Date => new Date(now.getTime() - SUBMIT_GRACE_MS);

export const acceptsSubmitAt = (deadline: Date, now: Date): boolean => deadline.getTime() >= overdueBefore(now).getTime();

/** When a failed or expired attempt lets the learner try again (the start rule; the course page says it too). */
export const retakeOpensAt = (finishedAt: Date, retakeWaitHours: number): Date => new Date(finishedAt.getTime() + retakeWaitHours * 3_600_000);
