import { SetMetadata } from '@nestjs/common';
import type { Job } from 'bullmq';

export const JOB_HANDLER_METADATA = 'campus:job-handler';

/** Marks a provider as the one handler of a catalogued job; the worker discovers it at start-up. */
export const JobHandler = (name: string) => SetMetadata(JOB_HANDLER_METADATA, name);

export interface HandlesJob<TData = unknown> {
  /** Delivery is at least once: handlers must be idempotent. */
  handle(data: TData, job: Job<TData>): Promise<void>;
}
