import { startedJobSchema, type StartedJob } from '@campus/contracts/queue-health';
import { runScheduledJob as runScheduledJobRoute } from '@campus/contracts/routes/queue-health';
import { callApi } from '../../../lib/call-api';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

export interface RunScheduledJobRequest {
  queueName: string;
  jobName: string;
}

/** One run of a clock-driven job now; its schedule stays as it is. */
export function runScheduledJob({ queueName, jobName }: RunScheduledJobRequest): Promise<StartedJob> {
  return callApi(runScheduledJobRoute, { params: { queueName, jobName } }, { skipStatuses: ADMIN_PAGE_HANDLED_STATUSES, parse: (data) => startedJobSchema.parse(data) });
}
