import type { Job } from 'bullmq';
import type { FailedJob } from '../../contracts/queue-health.js';

const PREVIEW_CHARS = 200;

/** Enough of the job's data to recognise it (an event type, an id), never the whole payload. */
export function dataPreview(data: unknown): string {
  const json = JSON.stringify(data) ?? 'null';
  return json.length > PREVIEW_CHARS ? `${json.slice(0, PREVIEW_CHARS - 1)}…` : json;
}

export const failedJobView = (job: Pick<Job, 'id' | 'name' | 'failedReason' | 'attemptsMade' | 'timestamp' | 'finishedOn' | 'data'>): FailedJob => ({
  jobId: job.id ?? '',
  name: job.name,
  failedReason: job.failedReason ?? '',
  attemptsMade: job.attemptsMade,
  createdAt: new Date(job.timestamp).toISOString(),
  failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  dataPreview: dataPreview(job.data),
});
