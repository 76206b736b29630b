import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { StartedJob } from '../../../../contracts/queue-health.js';
import { AppError } from '../../../../core/errors/app-error.js';
import { JobQueue } from '../../../../jobs/job-queue.js';
import { knownQueue } from '../../known-queue.js';
import { RunScheduledJobCommand } from './run-scheduled-job.command.js';

/**
 * Only a job the queue has a scheduler for can be started this way: those handlers take no data and are
 * idempotent (the worker also runs each at start), so an extra run does nothing twice.
 */
@CommandHandler(RunScheduledJobCommand)
export class RunScheduledJobHandler implements ICommandHandler<RunScheduledJobCommand> {
  constructor(private readonly jobs: JobQueue) {}

  async execute({ queueName, jobName }: RunScheduledJobCommand): Promise<StartedJob> {
    const queue = knownQueue(this.jobs, queueName);
    const scheduler = await queue.getJobScheduler(jobName);
    if (!scheduler) throw new AppError('NOT_FOUND', `定期ジョブ「${jobName.slice(0, 80)}」はありません`);
    const jobId = `${jobName}@manual@${Date.now()}`;
    await this.jobs.addAll([{ name: jobName, data: {}, jobId }]);
    return { jobId };
  }
}
