import { FAILED_JOB_PAGE_SIZE, failedJobPageSchema, type FailedJobPage } from '@campus/contracts/queue-health';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';
import { queuePath } from './queue-path';

export interface FailedJobsRequest {
  queueName: string;
  offset: number;
}

/** GET /api/v1/admin/queues/{queueName}/failed — failed jobs, newest first, 20 a page. */
export function getFailedJobs({ queueName, offset }: FailedJobsRequest, options: { signal?: AbortSignal } = {}): Promise<FailedJobPage> {
  return apiClient.get(`${queuePath(queueName)}/failed`, {
    query: { limit: FAILED_JOB_PAGE_SIZE, offset },
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => failedJobPageSchema.parse(data),
    ...options,
  });
}
