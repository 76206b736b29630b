import type { JobsOptions } from 'bullmq';

/** An exam's finalisation waits for its deadline plus the submit grace (and a second of slack). */
const AFTER_EXAM_DEADLINE_MS = 6_000;

/**
 * Redis ends a worker's blocking wait only on its server tick (`hz`, 10 a second by default), so a
 * delayed job starts up to 100 ms after its time. The finalisation job is released this much earlier
 * and its handler waits for the due moment on a Node timer, which keeps to the millisecond.
 */
export const FINALISATION_EARLY_RELEASE_MS = 150;

/** When an exam's finalisation is due, from its ExamStarted data; null when the data has no deadline. */
export const examFinalisationDue = (data: unknown): number | null => {
  const deadline = Date.parse((data as { deadline?: string }).deadline ?? '');
  return Number.isNaN(deadline) ? null : deadline + AFTER_EXAM_DEADLINE_MS;
};

/** When a reaction to an event may run, if not at once: read from the event's data. */
const atExamDeadline = (data: unknown): number | null => {
  const due = examFinalisationDue(data);
  return due === null ? null : due - FINALISATION_EARLY_RELEASE_MS;
};

/** A scheduled announcement is pushed when it goes live. */
const atPublishTime = (data: unknown): number | null => {
  const publishAt = Date.parse((data as { publishAt?: string }).publishAt ?? '');
  return Number.isNaN(publishAt) ? null : publishAt;
};

/**
 * Every job the system can enqueue: work that must survive a crash. Reactions are enqueued by the outbox
 * relay for the event types they list (delayed until `runAt` when given); the worker refuses to start
 * unless each name here has exactly one handler. Pushes to browsers are not jobs: the committing process
 * sends them right after its commit (`realtime/event-pushes.ts`).
 */
interface Reaction {
  job: string;
  on: readonly string[];
  runAt?: (data: unknown) => number | null;
}

export const REACTIONS = [
  { job: 'grade-exam-when-exam-submitted', on: ['ExamSubmitted', 'ExamExpired'] },
  { job: 'finalise-exam-when-deadline-passed', on: ['ExamStarted'], runAt: atExamDeadline },
  // Badges carried over from Cloud Campus get their certificates too.
  { job: 'issue-certificate-when-badge-awarded', on: ['BadgeAwarded', 'CloudCampusBadgesMigrated'] },
  { job: 'notify-learner-when-graded-or-certified', on: ['ExamGraded', 'CertificateIssued'] },
  // Every certificate, whatever made its badge, gets its Open Badges credential.
  { job: 'issue-credential-when-certificate-issued', on: ['CertificateIssued'] },
  { job: 'notify-learner-when-credential-revoked-or-restored', on: ['OpenBadgeCredentialRevoked', 'OpenBadgeCredentialRestored'] },
  // An edit that moves a scheduled announcement announces it again at the new time.
  { job: 'announce-when-announcement-published', on: ['AnnouncementPublished', 'AnnouncementEdited'], runAt: atPublishTime },
  { job: 'notify-recipients-when-admin-message-sent', on: ['AdminMessageSent'] },
  { job: 'import-legacy-badges-when-import-requested', on: ['LegacyBadgeImportRequested'] },
] as const satisfies readonly Reaction[];

/**
 * Jobs that run on a clock rather than on an event: registered by the worker at start (a BullMQ job
 * scheduler: a cron `pattern` in `tz`, or `every` so many milliseconds), and also run once then, so a
 * worker that was down catches up.
 */
type Schedule = { job: string; pattern: string; tz: string } | { job: string; every: number };

/** How often the reconciler compares PostgreSQL with the queue: the longest a lost job waits. */
export const RECONCILE_EVERY_MS = 5_000;

export const SCHEDULES = [
  { job: 'remind-learners-when-badge-expiring', pattern: '0 9 * * *', tz: 'Asia/Tokyo' },
  // The analytics log keeps 180 days; pruned at night, when the pages write least.
  { job: 'delete-expired-analytics-reports', pattern: '30 4 * * *', tz: 'Asia/Tokyo' },
  // The database is the truth, the queue a fast path: work whose job was lost is enqueued again.
  { job: 'reconcile-outstanding-work', every: RECONCILE_EVERY_MS },
] as const satisfies readonly Schedule[];

/** One job for the queue: the relay's and the reconciler's reactions, the scheduled jobs. */
export interface QueuedJob {
  name: JobName;
  data: unknown;
  jobId: string;
  options?: JobsOptions;
}

export type JobName = (typeof REACTIONS)[number]['job'] | (typeof SCHEDULES)[number]['job'];

export const JOB_NAMES: readonly JobName[] = [...REACTIONS.map((reaction) => reaction.job), ...SCHEDULES.map((schedule) => schedule.job)];

export function reactionsTo(eventType: string): JobName[] {
  return REACTIONS.filter(
    (reaction) => (reaction.on as readonly string[]).includes(eventType),
  ).map((reaction) => reaction.job);
}

/**
 * Whether committing this event should wake the outbox relay at once: only when a job reacts to it.
 * Events that are only pushed (an answer save for the admin stream, a read mark for the learner's other
 * tabs) wait for the relay's short poll (at most about 1 s): waking it for each answer save would bring
 * back the per-commit signal this exists to avoid.
 */
export function wakesRelay(eventType: string): boolean {
  return reactionsTo(eventType).length > 0;
}

/**
 * The job of one reaction to one event, exactly as the outbox relay enqueues it: `jobId = <reaction>@<event
 * id>` is the work's natural key, so the reconciler re-enqueueing lost work never doubles a job that still exists.
 */
export function reactionJob<E extends { id: string; data: unknown }>(name: JobName, event: E, now: number, options: { due?: boolean } = {}): QueuedJob {
  // Work the store says is owed now runs now, whatever the event's own time said.
  const delay = options.due ? 0 : delayOf(name, event.data, now);
  return { name, data: event, jobId: `${name}@${event.id}`, ...(delay > 0 ? { options: { delay } } : {}) };
}

/** How long the relay holds a reaction back (0 = at once). */
export function delayOf(job: JobName, data: unknown, now: number): number {
  const reaction: Reaction | undefined = REACTIONS.find((candidate) => candidate.job === job);
  const runAt = reaction?.runAt?.(data);
  return runAt ? Math.max(0, runAt - now) : 0;
}
