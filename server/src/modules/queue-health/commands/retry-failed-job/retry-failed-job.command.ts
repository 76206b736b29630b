import { Command } from '@nestjs/cqrs';
import type { RetriedJobs } from '../../../../contracts/queue-health.js';

/** Puts one failed job back in the queue. */
export class RetryFailedJobCommand extends Command<RetriedJobs> {
  constructor(
    readonly queueName: string,
    readonly jobId: string,
  ) {
    super();
  }
}
