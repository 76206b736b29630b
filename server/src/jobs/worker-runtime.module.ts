import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OutboxRelay } from './outbox-relay.js';
import { JobDispatcher } from './job-dispatcher.js';
import { JobScheduler } from './job-scheduler.js';
import { ReconcileOutstandingWorkHandler } from './reconcile-outstanding-work.handler.js';
import { WorkerHealth } from './worker-health.js';

/** The worker role: relay the outbox, run the scheduled jobs (the reconciler among them) and process jobs. Booted by worker.ts, or in-process on PGlite. */
@Module({
  imports: [DiscoveryModule],
  providers: [JobDispatcher, JobScheduler, OutboxRelay, ReconcileOutstandingWorkHandler, WorkerHealth],
  exports: [OutboxRelay, WorkerHealth],
})
export class WorkerRuntimeModule {}
