import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SCHEDULES } from './job-catalogue.js';
import { JobQueue } from './job-queue.js';

/**
 * Registers the clock-driven jobs of the catalogue with BullMQ (upserting is idempotent, so every
 * worker may do it at start) and runs each once now: a worker that was down at the scheduled time
 * catches up. The handlers are idempotent, so two workers starting together do no harm.
 */
@Injectable()
export class JobScheduler implements OnApplicationBootstrap {
  constructor(private readonly jobs: JobQueue) {}

  async onApplicationBootstrap() {
    for (const schedule of SCHEDULES) {
      await this.jobs.queue.upsertJobScheduler(schedule.job, { pattern: schedule.pattern, tz: schedule.tz }, { name: schedule.job, data: {} });
    }
    const startedAt = Date.now();
    await this.jobs.addAll(SCHEDULES.map((schedule) => ({ name: schedule.job, data: {}, jobId: `${schedule.job}@start@${startedAt}` })));
  }
}
