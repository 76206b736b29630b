import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DelayedError, Worker } from 'bullmq';
import { isDependencyUnavailable } from '../core/errors/dependency-unavailable.js';
import { withoutQueryValues } from '../core/logging/safe-error.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { RedisConnections } from '../redis/redis.module.js';
import { JobCatalogue } from './job-catalogue.js';
import { HandlesJob, JOB_HANDLER_METADATA } from './job-handler.decorator.js';
import { CAMPUS_QUEUE } from './job-queue.js';

export class MissingJobHandlerError extends Error {}

/** A job that met PostgreSQL away is tried again this much later, without spending an attempt. */
const DEPENDENCY_RETRY_MS = 2_000;

/**
 * BullMQ's defaults wait 30 s for a killed worker's job locks to expire and retry a failed fetch
 * after 15 s; shorter times bring a restarted worker back to work sooner. A job stalled by a killed
 * worker is run again up to 5 times (the handlers are idempotent) before it counts as failed.
 */
const WORKER_TIMINGS = { lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 5, runRetryDelay: 2_000 };

/** Finds the `@JobHandler` providers, checks them against the catalogue and runs the BullMQ worker. */
@Injectable()
export class JobDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobDispatcher.name);
  private worker?: Worker;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly redis: RedisConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalogue: JobCatalogue,
  ) {}

  /** Throws before any job runs when a catalogued job has no handler or a handler is not catalogued. */
  collectHandlers(): Map<string, HandlesJob> {
    const handlers = new Map<string, HandlesJob>();
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.metatype || !wrapper.instance) continue;
      const jobName = Reflect.getMetadata(JOB_HANDLER_METADATA, wrapper.metatype) as string | undefined;
      if (!jobName) continue;
      if (handlers.has(jobName)) throw new MissingJobHandlerError(`job "${jobName}" has two handlers`);
      handlers.set(jobName, wrapper.instance as HandlesJob);
    }
    const { jobNames } = this.catalogue;
    const missing = jobNames.filter((jobName) => !handlers.has(jobName));
    if (missing.length > 0) throw new MissingJobHandlerError(`no handler for job(s): ${missing.join(', ')}`);
    const unknown = [...handlers.keys()].filter((jobName) => !jobNames.includes(jobName));
    if (unknown.length > 0) throw new MissingJobHandlerError(`handler(s) for uncatalogued job(s): ${unknown.join(', ')}`);
    return handlers;
  }

  onApplicationBootstrap() {
    const handlers = this.collectHandlers();
    this.worker = new Worker(
      CAMPUS_QUEUE,
      async (job, token) => {
        const handler = handlers.get(job.name);
        if (!handler) throw new MissingJobHandlerError(`no handler for job "${job.name}"`);
        try {
          await handler.handle(job.data, job);
        } catch (error) {
          // BullMQ keeps the message as the failed reason the queue page shows: no statement values in it.
          if (!token || !isDependencyUnavailable(error)) throw withoutQueryValues(error);
          // PostgreSQL is away (restarting, say): the job waits for it instead of using up its
          // attempts, so an outage of any length loses no work.
          await job.moveToDelayed(Date.now() + DEPENDENCY_RETRY_MS, token);
          throw new DelayedError();
        }
      },
      {
        connection: this.redis.open('blocking'),
        prefix: `${this.config.redis.prefix}:bull`,
        concurrency: 8,
        ...WORKER_TIMINGS,
      },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.error({ err: error, job: job?.name, jobId: job?.id }, 'job failed'),
    );
    // Redis outages are logged by RedisConnections and healed by ioredis and BullMQ's own retries.
    this.worker.on('error', (error) => isDependencyUnavailable(error) || this.logger.error({ err: error }, 'worker error'));
    this.logger.log(`processing ${handlers.size} job types`);
  }

  /** Before PostgreSQL and Redis close (their modules' onApplicationShutdown): the active jobs finish, none is started. */
  async beforeApplicationShutdown() {
    await this.worker?.close();
  }
}
