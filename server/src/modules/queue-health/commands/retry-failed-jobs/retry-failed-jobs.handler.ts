import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { RetriedJobs } from '../../../../contracts/queue-health.js';
import { JobQueue } from '../../../../jobs/job-queue.js';
import { knownQueue } from '../../known-queue.js';
import { RetryFailedJobsCommand } from './retry-failed-jobs.command.js';

@CommandHandler(RetryFailedJobsCommand)
export class RetryFailedJobsHandler implements ICommandHandler<RetryFailedJobsCommand> {
  constructor(private readonly jobs: JobQueue) {}

  async execute({ queueName }: RetryFailedJobsCommand): Promise<RetriedJobs> {
    const queue = knownQueue(this.jobs, queueName);
    // Counted just before the move, which takes every job that failed until now (in batches, inside Redis).
    const retriedCount = await queue.getFailedCount();
    if (retriedCount > 0) await queue.retryJobs({ state: 'failed', timestamp: Date.now() });
    return { retriedCount };
  }
}
