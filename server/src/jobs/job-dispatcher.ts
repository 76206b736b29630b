import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Worker } from 'bullmq';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { RedisConnections } from '../redis/redis.module.js';
import { JOB_NAMES, JobName } from './job-catalogue.js';
import { HandlesJob, JOB_HANDLER_METADATA } from './job-handler.decorator.js';
import { CAMPUS_QUEUE } from './job-queue.js';

export class MissingJobHandlerError extends Error {}

/** How long a job's lock outlives its worker: after that, BullMQ's stall check hands the job to another. */
const STALLED_AFTER_MS = 10_000;

/** Finds the `@JobHandler` providers, checks them against the catalogue and runs the BullMQ worker. */
@Injectable()
export class JobDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobDispatcher.name);
  private worker?: Worker;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly redis: RedisConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Throws before any job runs when a catalogued job has no handler or a handler is not catalogued. */
  collectHandlers(): Map<string, HandlesJob> {
    const handlers = new Map<string, HandlesJob>();
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.metatype || !wrapper.instance) continue;
      const jobName = Reflect.getMetadata(JOB_HANDLER_METADATA, wrapper.metatype) as JobName | undefined;
      if (!jobName) continue;
      if (handlers.has(jobName)) throw new MissingJobHandlerError(`job "${jobName}" has two handlers`);
      handlers.set(jobName, wrapper.instance as HandlesJob);
    }
    const missing = JOB_NAMES.filter((jobName) => !handlers.has(jobName));
    if (missing.length > 0) throw new MissingJobHandlerError(`no handler for job(s): ${missing.join(', ')}`);
    const unknown = [...handlers.keys()].filter((jobName) => !JOB_NAMES.includes(jobName as JobName));
    if (unknown.length > 0) throw new MissingJobHandlerError(`handler(s) for uncatalogued job(s): ${unknown.join(', ')}`);
    return handlers;
  }

  onApplicationBootstrap() {
    const handlers = this.collectHandlers();
    this.worker = new Worker(
      CAMPUS_QUEUE,
      async (job) => {
        const handler = handlers.get(job.name);
        if (!handler) throw new MissingJobHandlerError(`no handler for job "${job.name}"`);
        await handler.handle(job.data, job);
      },
      {
        connection: this.redis.open('blocking'),
        prefix: `${this.config.redis.prefix}:bull`,
        concurrency: 8,
        // A killed worker's jobs go back to the queue within 10–20 s rather than BullMQ's default 30–60 s
        // (the lock is renewed every 5 s; a job taken over twice is harmless, handlers being idempotent).
        lockDuration: STALLED_AFTER_MS,
        stalledInterval: STALLED_AFTER_MS / 2,
      },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.error({ err: error, job: job?.name, jobId: job?.id }, 'job failed'),
    );
    this.logger.log(`processing ${handlers.size} job types`);
  }

  async onApplicationShutdown() {
    await this.worker?.close();
  }
}
