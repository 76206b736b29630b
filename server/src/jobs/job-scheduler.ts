import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { JobCatalogue, RECONCILE_EVERY_MS, RECONCILER_JOB } from './job-catalogue.js';
import { JobQueue } from './job-queue.js';

/** How often the worker checks that Redis still holds the schedules (a Redis that lost its data does not). */
const WATCH_EVERY_MS = 2 * RECONCILE_EVERY_MS;
/**
 * A job every few seconds is not kept once done: it would crowd the completed set, whose last 100,000
 * jobs are what lets a re-relayed event find its job id.
 */
const FREQUENT_JOB_OPTIONS = { removeOnComplete: true, removeOnFail: { count: 100 } };

/**
 * Registers the clock-driven jobs of the catalogue with BullMQ (upserting is idempotent, so every
 * worker may do it at start) and runs each once now: a worker that was down at the scheduled time
 * catches up. The handlers are idempotent, so two workers starting together do no harm.
 *
 * The schedulers live in Redis. If Redis comes back empty (no persistence, a failover), the watch
 * notices the reconciler's scheduler is gone and registers everything again, so the reconciler (and
 * through it every lost job) returns without a worker restart.
 */
@Injectable()
export class JobScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobScheduler.name);
  private watch?: NodeJS.Timeout;
  private watching?: Promise<void>;

  constructor(
    private readonly jobs: JobQueue,
    private readonly catalogue: JobCatalogue,
  ) {}

  async onApplicationBootstrap() {
    await this.register();
    this.watch = setInterval(() => {
      this.watching ??= this.reRegisterIfLost()
        .catch((error) => this.logger.warn({ err: error }, 'cannot check the job schedulers; Redis unreachable?'))
        .finally(() => (this.watching = undefined));
    }, WATCH_EVERY_MS);
  }

  async onApplicationShutdown() {
    clearInterval(this.watch);
    await this.watching;
  }

  private async register(): Promise<void> {
    const { schedules } = this.catalogue;
    for (const schedule of schedules) {
      const repeat = 'every' in schedule ? { every: schedule.every } : { pattern: schedule.pattern, tz: schedule.tz };
      await this.jobs.queue.upsertJobScheduler(schedule.job, repeat, { name: schedule.job, data: {}, opts: 'every' in schedule ? FREQUENT_JOB_OPTIONS : {} });
    }
    const startedAt = Date.now();
    await this.jobs.addAll(
      schedules.map((schedule) => ({ name: schedule.job, data: {}, jobId: `${schedule.job}@start@${startedAt}`, ...('every' in schedule ? { options: FREQUENT_JOB_OPTIONS } : {}) })),
    );
  }

  private async reRegisterIfLost(): Promise<void> {
    if (await this.jobs.queue.getJobScheduler(RECONCILER_JOB)) return;
    this.logger.warn('job schedulers missing from Redis (data lost?); registering them again');
    await this.register();
  }
}
