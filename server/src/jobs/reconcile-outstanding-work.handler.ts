import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JobCatalogue, RECONCILER_JOB } from './job-catalogue.js';
import { HandlesJob, JobHandler } from './job-handler.decorator.js';
import { JobQueue } from './job-queue.js';
import { type FindsOutstandingWork, OUTSTANDING_WORK_METADATA } from './outstanding-work.js';

/** Reactions each finder may re-enqueue per run: a bounded batch; the next run (seconds later) takes the next. */
const BATCH_SIZE = 200;

/**
 * The database is the truth, the queue only a fast path. Every few seconds (a BullMQ job scheduler) and
 * at worker start, each module's `@OutstandingWork()` finder derives from PostgreSQL the reactions still
 * owed (ungraded submissions, overdue sessions, badges without a certificate), and they are enqueued
 * with the relay's own job ids: a job that still exists is not doubled but run now (a delayed or failed
 * one would otherwise leave an overdue exam running until someone reads it), a lost one is made again.
 */
@Injectable()
@JobHandler(RECONCILER_JOB)
export class ReconcileOutstandingWorkHandler implements HandlesJob, OnApplicationBootstrap {
  private readonly logger = new Logger(ReconcileOutstandingWorkHandler.name);
  private finders: FindsOutstandingWork[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly jobs: JobQueue,
    private readonly catalogue: JobCatalogue,
  ) {}

  onApplicationBootstrap() {
    this.finders = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance && Reflect.getMetadata(OUTSTANDING_WORK_METADATA, wrapper.metatype))
      .map((wrapper) => wrapper.instance as FindsOutstandingWork);
  }

  async handle(): Promise<void> {
    await this.reconcile();
  }

  /** Returns how many reactions were (re-)enqueued; most are no-ops because their job still exists. */
  async reconcile(): Promise<number> {
    const now = Date.now();
    let enqueued = 0;
    for (const finder of this.finders) {
      const owed = await finder.findOutstanding(BATCH_SIZE);
      // A job that exists but waits (its delay, a retry's backoff) or gave up is woken: what is owed runs now.
      await this.jobs.runNow(owed.map(({ job, event }) => this.catalogue.reactionJob(job, event, now, { due: true })));
      enqueued += owed.length;
    }
    if (enqueued > 0) this.logger.debug(`${enqueued} outstanding reaction(s) enqueued by their natural job ids`);
    return enqueued;
  }
}
