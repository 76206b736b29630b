import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { count, isNull } from 'drizzle-orm';
import type { JobCounts, QueueHealth, ScheduledJob } from '../../../../contracts/queue-health.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { events } from '../../../../database/events.schema.js';
import { JobQueue } from '../../../../jobs/job-queue.js';
import { GetQueueHealthQuery } from './get-queue-health.query.js';

const STATES = ['waiting', 'active', 'delayed', 'completed', 'failed', 'paused'] as const satisfies readonly (keyof JobCounts)[];

@QueryHandler(GetQueueHealthQuery)
export class GetQueueHealthHandler implements IQueryHandler<GetQueueHealthQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly jobs: JobQueue,
  ) {}

  async execute(): Promise<QueueHealth> {
    const { queue } = this.jobs;
    const [counts, isPaused, workerCount, schedulers, [unrelayed]] = await Promise.all([
      queue.getJobCounts(...STATES),
      queue.isPaused(),
      queue.getWorkersCount(),
      queue.getJobSchedulers(0, -1, true),
      // Served by the partial index events_unrelayed_idx: cheap however long the log.
      this.connection.db.select({ total: count() }).from(events).where(isNull(events.relayedAt)),
    ]);
    const jobCounts = Object.fromEntries(STATES.map((state) => [state, counts[state] ?? 0])) as JobCounts;
    const schedules: ScheduledJob[] = schedulers.map((scheduler) => ({
      name: scheduler.key,
      pattern: scheduler.pattern ?? null,
      timeZone: scheduler.tz ?? null,
      everyMs: scheduler.every ?? null,
      nextRunAt: scheduler.next ? new Date(scheduler.next).toISOString() : null,
    }));
    return { queues: [{ name: queue.name, isPaused, counts: jobCounts, workerCount, schedules }], unrelayedEvents: unrelayed?.total ?? 0 };
  }
}
