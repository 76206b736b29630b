import { Global, Module } from '@nestjs/common';
import { CommitSignal } from './commit-signal.js';
import { JobQueue } from './job-queue.js';

@Global()
/** The queue, and the signal that wakes the outbox relay after each commit: in every process that commits. */
@Module({ providers: [JobQueue, CommitSignal], exports: [JobQueue, CommitSignal] })
export class JobQueueModule {}
