import { Query } from '@nestjs/cqrs';
import type { FailedJobPage, FailedJobQuery } from '../../../../contracts/queue-health.js';

/** One page of a queue's failed jobs, the latest failure first. */
export class ListFailedJobsQuery extends Query<FailedJobPage> {
  constructor(
    readonly queueName: string,
    readonly page: FailedJobQuery,
  ) {
    super();
  }
}
