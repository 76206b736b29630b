import { Command } from '@nestjs/cqrs';
import type { RetriedJobs } from '../../../../contracts/queue-health.js';

/** Puts every failed job of a queue back in it. */
export class RetryFailedJobsCommand extends Command<RetriedJobs> {
  constructor(readonly queueName: string) {
    super();
  }
}
