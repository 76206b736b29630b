import { retriedJobsSchema, type RetriedJobs } from '@campus/contracts/queue-health';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';
import { queuePath } from './queue-path';

export interface RetryJobsRequest {
  queueName: string;
  /** One failed job; null = every failed job of the queue. */
  jobId: string | null;
}

/**
 * POST /api/v1/admin/queues/{queueName}/failed/{jobId}/retry, or …/failed/retry for all of them —
 * the jobs go back to waiting. A job that is no longer failed answers 404, shown on the page.
 */
export function retryFailedJobs({ queueName, jobId }: RetryJobsRequest): Promise<RetriedJobs> {
  const path = jobId === null ? `${queuePath(queueName)}/failed/retry` : `${queuePath(queueName)}/failed/${encodeURIComponent(jobId)}/retry`;
  return apiClient.post(path, undefined, {
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => retriedJobsSchema.parse(data),
  });
}
