import type { JobsOptions } from 'bullmq';

/**
 * A job enqueued by the outbox relay for each committed event of the types it lists: work that must
 * survive a crash. `runAt`, when given, reads from the event's data when the job may run (it is delayed
 * until then).
 */
export interface Reaction {
  job: string;
  on: readonly string[];
  runAt?: (data: unknown) => number | null;
}

/**
 * A job that runs on a clock rather than on an event: a BullMQ job scheduler (a cron `pattern` in `tz`,
 * or `every` so many milliseconds), also run once at worker start, so a worker that was down catches up.
 */
export type Schedule = { job: string; pattern: string; tz: string } | { job: string; every: number };

/** What one module asks of the queue: its reactions and clock jobs, declared beside its events. */
export interface ModuleJobs {
  reactions?: readonly Reaction[];
  schedules?: readonly Schedule[];
}

/** How often the reconciler compares PostgreSQL with the queue: the longest a lost job waits. */
export const RECONCILE_EVERY_MS = 5_000;
export const RECONCILER_JOB = 'reconcile-outstanding-work';

/** One job for the queue: the relay's and the reconciler's reactions, the scheduled jobs. */
export interface QueuedJob {
  name: string;
  data: unknown;
  jobId: string;
  options?: JobsOptions;
}

export class JobCatalogueError extends Error {}

/**
 * Every job the system can enqueue, built at start from the modules' registrations (the app's
 * `campus-registrations.ts`), so adding a reaction is one edit beside the module's events. A job name
 * registered twice refuses to build; the worker refuses to start unless each name has exactly one
 * handler (`JobDispatcher`). Pushes to browsers are not jobs (`realtime/push-catalogue.ts`).
 */
export class JobCatalogue {
  readonly reactions: readonly Reaction[];
  /** The modules' clock jobs and the queue's own reconciler. */
  readonly schedules: readonly Schedule[];
  readonly jobNames: readonly string[];
  private readonly byEventType = new Map<string, string[]>();

  constructor(registrations: Readonly<Record<string, ModuleJobs>>) {
    const owners = new Map<string, string>([[RECONCILER_JOB, 'jobs']]);
    const claim = (job: string, owner: string) => {
      const first = owners.get(job);
      if (first) throw new JobCatalogueError(`job "${job}" is registered by ${first} and by ${owner}`);
      owners.set(job, owner);
    };
    const reactions: Reaction[] = [];
    const schedules: Schedule[] = [{ job: RECONCILER_JOB, every: RECONCILE_EVERY_MS }];
    for (const [owner, jobs] of Object.entries(registrations)) {
      for (const reaction of jobs.reactions ?? []) {
        claim(reaction.job, owner);
        if (reaction.on.length === 0) throw new JobCatalogueError(`reaction "${reaction.job}" of ${owner} reacts to no event`);
        reactions.push(reaction);
      }
      for (const schedule of jobs.schedules ?? []) {
        claim(schedule.job, owner);
        schedules.push(schedule);
      }
    }
    for (const reaction of reactions) {
      for (const type of new Set(reaction.on)) this.byEventType.set(type, [...(this.byEventType.get(type) ?? []), reaction.job]);
    }
    this.reactions = reactions;
    this.schedules = schedules;
    this.jobNames = [...owners.keys()];
  }

  reactionsTo(eventType: string): readonly string[] {
    return this.byEventType.get(eventType) ?? [];
  }

  /**
   * Whether committing this event should wake the outbox relay at once: only when a job reacts to it.
   * Events that are only pushed (an answer save for the admin stream, a read mark for the learner's other
   * tabs) wait for the relay's short poll (at most about 1 s): waking it for each answer save would bring
   * back the per-commit signal this exists to avoid.
   */
  wakesRelay(eventType: string): boolean {
    return this.byEventType.has(eventType);
  }

  /**
   * The job of one reaction to one event, exactly as the outbox relay enqueues it: `jobId = <reaction>@<event
   * id>` is the work's natural key, so the reconciler re-enqueueing lost work never doubles a job that still exists.
   */
  reactionJob<E extends { id: string; data: unknown }>(name: string, event: E, now: number, options: { due?: boolean } = {}): QueuedJob {
    // Work the store says is owed now runs now, whatever the event's own time said.
    const delay = options.due ? 0 : this.delayOf(name, event.data, now);
    return { name, data: event, jobId: `${name}@${event.id}`, ...(delay > 0 ? { options: { delay } } : {}) };
  }

  /** How long the relay holds a reaction back (0 = at once). */
  delayOf(job: string, data: unknown, now: number): number {
    const runAt = this.reactions.find((candidate) => candidate.job === job)?.runAt?.(data);
    return runAt ? Math.max(0, runAt - now) : 0;
  }
}
