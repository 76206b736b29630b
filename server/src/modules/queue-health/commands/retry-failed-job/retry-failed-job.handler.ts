import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { RetriedJobs } from '../../../../contracts/queue-health.js';
import { JobQueue } from '../../../../jobs/job-queue.js';
import { failedJobNotFound, knownQueue } from '../../known-queue.js';
import { RetryFailedJobCommand } from './retry-failed-job.command.js';

@CommandHandler(RetryFailedJobCommand)
export class RetryFailedJobHandler implements ICommandHandler<RetryFailedJobCommand> {
  constructor(private readonly jobs: JobQueue) {}

  async execute({ queueName, jobId }: RetryFailedJobCommand): Promise<RetriedJobs> {
    const queue = knownQueue(this.jobs, queueName);
    const job = await queue.getJob(jobId);
    if (!job || (await job.getState()) !== 'failed') throw failedJobNotFound();
    try {
      await job.retry('failed');
    } catch {
      // Retried by someone else (or removed) since we looked: it is no longer a failed job.
      throw failedJobNotFound();
    }
    return { retriedCount: 1 };
  }
}
