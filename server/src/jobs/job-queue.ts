import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { isDependencyUnavailable } from '../common/errors/dependency-unavailable.js';
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

  async onApplicationShutdown() {
    await this.queue.close();
  }
}
