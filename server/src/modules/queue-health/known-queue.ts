import type { Queue } from 'bullmq';
import { AppError } from '../../core/errors/app-error.js';
import { JobQueue } from '../../jobs/job-queue.js';

/** The queues admins can look into, by name: the campus has one. Any other name is a 404. */
export function knownQueue(jobs: JobQueue, queueName: string): Queue {
  if (queueName !== jobs.queue.name) throw new AppError('NOT_FOUND', `キュー「${queueName.slice(0, 50)}」はありません`);
  return jobs.queue;
}

export const failedJobNotFound = () => new AppError('NOT_FOUND', '失敗したジョブがみつかりませんでした');
