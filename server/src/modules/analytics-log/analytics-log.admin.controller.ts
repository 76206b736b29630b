import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import {
  analyticsLogQuerySchema,
  type AnalyticsLogQuery,
  analyticsSummaryQuerySchema,
  type AnalyticsSummaryQuery,
} from '../../contracts/analytics-log.js';
import { GetAnalyticsSummaryQuery } from './queries/get-analytics-summary/get-analytics-summary.query.js';
import { ListAnalyticsReportsQuery } from './queries/list-analytics-reports/list-analytics-reports.query.js';

/** The analytics log as admins read it: the reports newest first, and a summary over a range of days. */
@Controller('v1/admin/analytics/events')
@Access('admin')
export class AnalyticsLogAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Header('cache-control', 'no-store')
  list(@Query(new ZodValidationPipe(analyticsLogQuerySchema, 'query')) filter: AnalyticsLogQuery) {
    return this.queryBus.execute(new ListAnalyticsReportsQuery(filter));
  }

  @Get('summary')
  @Header('cache-control', 'no-store')
  summary(@Query(new ZodValidationPipe(analyticsSummaryQuerySchema, 'query')) filter: AnalyticsSummaryQuery) {
    return this.queryBus.execute(new GetAnalyticsSummaryQuery(filter, new Date()));
  }
}
