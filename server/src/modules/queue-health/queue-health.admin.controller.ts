import { Controller, Header, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { FailedJobQuery } from '../../contracts/queue-health.js';
import { getQueueHealth, listFailedJobs, retryFailedJob, retryFailedJobs, runScheduledJob } from '../../contracts/routes/queue-health.js';
import { RetryFailedJobCommand } from './commands/retry-failed-job/retry-failed-job.command.js';
import { RetryFailedJobsCommand } from './commands/retry-failed-jobs/retry-failed-jobs.command.js';
import { RunScheduledJobCommand } from './commands/run-scheduled-job/run-scheduled-job.command.js';
import { GetQueueHealthQuery } from './queries/get-queue-health/get-queue-health.query.js';
import { ListFailedJobsQuery } from './queries/list-failed-jobs/list-failed-jobs.query.js';

/** Admins watch the job queue, put failed jobs back in it and run a clock-driven job without waiting for its time. */
@Controller()
export class QueueHealthAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(getQueueHealth)
  @Header('cache-control', 'no-store')
  health() {
    return this.queryBus.execute(new GetQueueHealthQuery());
  }

  @Endpoint(listFailedJobs)
  @Header('cache-control', 'no-store')
  failed(@Param('queueName') queueName: string, @Query() page: FailedJobQuery) {
    return this.queryBus.execute(new ListFailedJobsQuery(queueName, page));
  }

  @Endpoint(retryFailedJobs)
  retryAll(@Param('queueName') queueName: string) {
    return this.commandBus.execute(new RetryFailedJobsCommand(queueName));
  }

  @Endpoint(retryFailedJob)
  retryOne(@Param('queueName') queueName: string, @Param('jobId') jobId: string) {
    return this.commandBus.execute(new RetryFailedJobCommand(queueName, jobId));
  }

  @Endpoint(runScheduledJob)
  runSchedule(@Param('queueName') queueName: string, @Param('jobName') jobName: string) {
    return this.commandBus.execute(new RunScheduledJobCommand(queueName, jobName));
  }
}
