import { retriedJobsSchema, type RetriedJobs } from '@campus/contracts/queue-health';
import { retryFailedJob, retryFailedJobs as retryAllRoute } from '@campus/contracts/routes/queue-health';
import { callApi } from '../../../lib/call-api';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

export interface RetryJobsRequest {
  queueName: string;
  /** One failed job; null = every failed job of the queue. */
  jobId: string | null;
}

/**
 * One failed job, or all of them, back to waiting. A job that is no longer failed answers 404,
 * shown on the page.
 */
export function retryFailedJobs({ queueName, jobId }: RetryJobsRequest): Promise<RetriedJobs> {
  const options = { skipStatuses: ADMIN_PAGE_HANDLED_STATUSES, parse: (data: unknown) => retriedJobsSchema.parse(data) };
  return jobId === null ? callApi(retryAllRoute, { params: { queueName } }, options) : callApi(retryFailedJob, { params: { queueName, jobId } }, options);
}
