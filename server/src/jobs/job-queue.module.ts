import { DynamicModule, Global, Module } from '@nestjs/common';
import { CommitSignal } from './commit-signal.js';
import { JobCatalogue } from './job-catalogue.js';
import { JobQueue } from './job-queue.js';

/** The queue, the catalogue of its jobs and the signal that wakes the outbox relay after each commit: in every process that commits. */
@Global()
@Module({})
export class JobQueueModule {
  static forRoot(catalogue: JobCatalogue): DynamicModule {
    const providers = [JobQueue, CommitSignal, { provide: JobCatalogue, useValue: catalogue }];
    return { module: JobQueueModule, providers, exports: [JobQueue, CommitSignal, JobCatalogue] };
  }
}
