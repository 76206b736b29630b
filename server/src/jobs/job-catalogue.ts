/**
 * Every job the system can enqueue. Reactions are enqueued by the outbox relay for the event types they
 * list; the worker refuses to start unless each name here has exactly one handler.
 */
export const REACTIONS = [
  { job: 'stream-to-admins-when-event-appended', on: '*' },
  { job: 'push-user-when-user-changed', on: ['AgreementAccepted', 'ProfileUpdated'] },
  { job: 'grade-exam-when-exam-submitted', on: ['ExamSubmitted'] },
] as const;

export type JobName = (typeof REACTIONS)[number]['job'];

export const JOB_NAMES: readonly JobName[] = REACTIONS.map((reaction) => reaction.job);

export function reactionsTo(eventType: string): JobName[] {
  return REACTIONS.filter(
    (reaction) => reaction.on === '*' || (reaction.on as readonly string[]).includes(eventType),
  ).map((reaction) => reaction.job);
}
