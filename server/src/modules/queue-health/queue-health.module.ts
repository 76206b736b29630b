import { Module } from '@nestjs/common';
import { RetryFailedJobHandler } from './commands/retry-failed-job/retry-failed-job.handler.js';
import { RunScheduledJobHandler } from './commands/run-scheduled-job/run-scheduled-job.handler.js';
import { RetryFailedJobsHandler } from './commands/retry-failed-jobs/retry-failed-jobs.handler.js';
import { GetQueueHealthHandler } from './queries/get-queue-health/get-queue-health.handler.js';
import { ListFailedJobsHandler } from './queries/list-failed-jobs/list-failed-jobs.handler.js';
import { QueueHealthAdminController } from './queue-health.admin.controller.js';

/** The job queue as admins see it: counts, workers, the outbox backlog, failed jobs to retry, and clock-driven jobs to run now. */
@Module({
  controllers: [QueueHealthAdminController],
  providers: [GetQueueHealthHandler, ListFailedJobsHandler, RetryFailedJobHandler, RetryFailedJobsHandler, RunScheduledJobHandler],
})
export class QueueHealthModule {}
