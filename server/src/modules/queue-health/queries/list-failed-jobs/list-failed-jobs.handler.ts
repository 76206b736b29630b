import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { FailedJobPage } from '../../../../contracts/queue-health.js';
import { JobQueue } from '../../../../jobs/job-queue.js';
import { failedJobView } from '../../failed-job-view.js';
import { knownQueue } from '../../known-queue.js';
import { ListFailedJobsQuery } from './list-failed-jobs.query.js';

@QueryHandler(ListFailedJobsQuery)
export class ListFailedJobsHandler implements IQueryHandler<ListFailedJobsQuery> {
  constructor(private readonly jobs: JobQueue) {}

  async execute({ queueName, page }: ListFailedJobsQuery): Promise<FailedJobPage> {
    const queue = knownQueue(this.jobs, queueName);
    // The failed set is ordered by failure time; getFailed reads it newest first, both ends included.
    const [jobs, total] = await Promise.all([queue.getFailed(page.offset, page.offset + page.limit - 1), queue.getFailedCount()]);
    // A job removed between the two reads comes back empty.
    return { items: jobs.filter(Boolean).map(failedJobView), total, limit: page.limit, offset: page.offset };
  }
}
