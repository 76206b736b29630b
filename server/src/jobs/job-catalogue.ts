/** An exam's finalisation waits for its deadline plus the submit grace (and a second of slack). */
const AFTER_EXAM_DEADLINE_MS = 6_000;

/** When a reaction to an event may run, if not at once: read from the event's data. */
const atExamDeadline = (data: unknown): number | null => {
  const deadline = Date.parse((data as { deadline?: string }).deadline ?? '');
  return Number.isNaN(deadline) ? null : deadline + AFTER_EXAM_DEADLINE_MS;
};

/** A scheduled announcement is pushed when it goes live. */
const atPublishTime = (data: unknown): number | null => {
  const publishAt = Date.parse((data as { publishAt?: string }).publishAt ?? '');
  return Number.isNaN(publishAt) ? null : publishAt;
};

/**
 * Every job the system can enqueue. Reactions are enqueued by the outbox relay for the event types they
 * list (delayed until `runAt` when given); the worker refuses to start unless each name here has
 * exactly one handler.
 */
interface Reaction {
  job: string;
  on: '*' | readonly string[];
  runAt?: (data: unknown) => number | null;
}

export const REACTIONS = [
  { job: 'stream-to-admins-when-event-appended', on: '*' },
  { job: 'push-user-when-user-changed', on: ['AgreementAccepted', 'ProfileUpdated', 'CloudCampusBadgesMigrated'] },
  { job: 'grade-exam-when-exam-submitted', on: ['ExamSubmitted', 'ExamExpired'] },
  { job: 'finalise-exam-when-deadline-passed', on: ['ExamStarted'], runAt: atExamDeadline },
  { job: 'issue-certificate-when-badge-awarded', on: ['BadgeAwarded'] },
  { job: 'notify-learner-when-graded-or-certified', on: ['ExamGraded', 'CertificateIssued'] },
  // An edit that moves a scheduled announcement announces it again at the new time.
  { job: 'announce-when-announcement-published', on: ['AnnouncementPublished', 'AnnouncementEdited'], runAt: atPublishTime },
  { job: 'notify-recipients-when-admin-message-sent', on: ['AdminMessageSent'] },
  { job: 'import-legacy-badges-when-import-requested', on: ['LegacyBadgeImportRequested'] },
] as const satisfies readonly Reaction[];

/**
 * Jobs that run on a clock rather than on an event: registered by the worker at start (a BullMQ job
 * scheduler, cron `pattern` in `tz`), and also run once then, so a worker that was down catches up.
 */
interface Schedule {
  job: string;
  pattern: string;
  tz: string;
}

export const SCHEDULES = [
  { job: 'remind-learners-when-badge-expiring', pattern: '0 9 * * *', tz: 'Asia/Tokyo' },
  // The analytics log keeps 180 days; pruned at night, when the pages write least.
  { job: 'delete-expired-analytics-reports', pattern: '30 4 * * *', tz: 'Asia/Tokyo' },
] as const satisfies readonly Schedule[];

export type JobName = (typeof REACTIONS)[number]['job'] | (typeof SCHEDULES)[number]['job'];

export const JOB_NAMES: readonly JobName[] = [...REACTIONS.map((reaction) => reaction.job), ...SCHEDULES.map((schedule) => schedule.job)];

export function reactionsTo(eventType: string): JobName[] {
  return REACTIONS.filter(
    (reaction) => reaction.on === '*' || (reaction.on as readonly string[]).includes(eventType),
  ).map((reaction) => reaction.job);
}

/** How long the relay holds a reaction back (0 = at once). */
export function delayOf(job: JobName, data: unknown, now: number): number {
  const reaction: Reaction | undefined = REACTIONS.find((candidate) => candidate.job === job);
  const runAt = reaction?.runAt?.(data);
  return runAt ? Math.max(0, runAt - now) : 0;
}
