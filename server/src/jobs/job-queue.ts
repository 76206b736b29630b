import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { isDependencyUnavailable } from '../core/errors/dependency-unavailable.js';
import { RedisConnections } from '../redis/redis.module.js';
import type { QueuedJob } from './job-catalogue.js';

export const CAMPUS_QUEUE = 'campus';

/** Completed jobs are kept for a week so that a re-relayed event finds its jobId and is not run twice. */
const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

@Injectable()
export class JobQueue implements OnApplicationShutdown {
  readonly queue: Queue;

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisConnections) {
    this.queue = new Queue(CAMPUS_QUEUE, {
      connection: redis.open('commands'),
      prefix: `${config.redis.prefix}:bull`,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    // Connection errors are logged by RedisConnections and healed by ioredis; anything else is logged here.
    const logger = new Logger(JobQueue.name);
    this.queue.on('error', (error) => isDependencyUnavailable(error) || logger.error({ err: error }, 'queue error'));
  }

  /** BullMQ ignores a job whose jobId already exists, which makes enqueueing safe to repeat. */
  async addAll(jobs: QueuedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map((job) => ({ name: job.name, data: job.data, opts: { ...job.options, jobId: job.jobId } })),
    );
  }

  /**
   * Work the database says is owed now runs now: enqueued by its natural id when it has no job; a job
   * still waiting for its time (a delay or a retry's backoff) is promoted, and one that gave up after its
   * attempts is retried. A completed one is left alone: a handler may finish on purpose without the
   * effect a finder looks for, and running it again every few seconds would change nothing. Returns how
   * many existing jobs were woken.
   */
  async runNow(jobs: QueuedJob[]): Promise<number> {
    await this.addAll(jobs);
    const woken = await Promise.all(jobs.map((job) => this.wake(job)));
    return woken.filter(Boolean).length;
  }

  private async wake({ jobId }: QueuedJob): Promise<boolean> {
    const job = await this.queue.getJob(jobId);
    if (!job) return false;
    try {
      const state = await job.getState();
      if (state === 'delayed') await job.promote();
      else if (state === 'failed') await job.retry('failed');
      else return false;
      return true;
    } catch {
      // It moved on meanwhile (a worker took it, or it finished): the next reconciliation looks again.
      return false;
    }
  }

  async onApplicationShutdown() {
    await this.queue.close();
  }
}
