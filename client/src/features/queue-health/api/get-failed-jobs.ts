import { FAILED_JOB_PAGE_SIZE, failedJobPageSchema, type FailedJobPage } from '@campus/contracts/queue-health';
import { listFailedJobs } from '@campus/contracts/routes/queue-health';
import { callApi } from '../../../lib/call-api';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

export interface FailedJobsRequest {
  queueName: string;
  offset: number;
}

/** Failed jobs, newest first, 20 a page. */
export function getFailedJobs({ queueName, offset }: FailedJobsRequest, options: { signal?: AbortSignal } = {}): Promise<FailedJobPage> {
  return callApi(listFailedJobs, { params: { queueName }, query: { limit: FAILED_JOB_PAGE_SIZE, offset } }, {
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => failedJobPageSchema.parse(data),
    ...options,
  });
}
