import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { failedJobQuerySchema, type FailedJobQuery } from '../../contracts/queue-health.js';
import { RetryFailedJobCommand } from './commands/retry-failed-job/retry-failed-job.command.js';
import { RetryFailedJobsCommand } from './commands/retry-failed-jobs/retry-failed-jobs.command.js';
import { GetQueueHealthQuery } from './queries/get-queue-health/get-queue-health.query.js';
import { ListFailedJobsQuery } from './queries/list-failed-jobs/list-failed-jobs.query.js';

/** Admins watch the job queue and put failed jobs back in it. */
@Controller('v1/admin/queues')
@Access('admin')
export class QueueHealthAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Header('cache-control', 'no-store')
  health() {
    return this.queryBus.execute(new GetQueueHealthQuery());
  }

  @Get(':queueName/failed')
  @Header('cache-control', 'no-store')
  failed(@Param('queueName') queueName: string, @Query(new ZodValidationPipe(failedJobQuerySchema, 'query')) page: FailedJobQuery) {
    return this.queryBus.execute(new ListFailedJobsQuery(queueName, page));
  }

  @Post(':queueName/failed/retry')
  @HttpCode(200)
  retryAll(@Param('queueName') queueName: string) {
    return this.commandBus.execute(new RetryFailedJobsCommand(queueName));
  }

  @Post(':queueName/failed/:jobId/retry')
  @HttpCode(200)
  retryOne(@Param('queueName') queueName: string, @Param('jobId') jobId: string) {
    return this.commandBus.execute(new RetryFailedJobCommand(queueName, jobId));
  }
}
