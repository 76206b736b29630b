import { Controller, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { AnalyticsLogQuery, AnalyticsSummaryQuery } from '../../contracts/analytics-log.js';
import { getAnalyticsSummary, listAnalyticsLog } from '../../contracts/routes/analytics-log.js';
import { GetAnalyticsSummaryQuery } from './queries/get-analytics-summary/get-analytics-summary.query.js';
import { ListAnalyticsReportsQuery } from './queries/list-analytics-reports/list-analytics-reports.query.js';

/** The analytics log as admins read it: the reports newest first, and a summary over a range of days. */
@Controller()
export class AnalyticsLogAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(listAnalyticsLog)
  @Header('cache-control', 'no-store')
  list(@Query() filter: AnalyticsLogQuery) {
    return this.queryBus.execute(new ListAnalyticsReportsQuery(filter));
  }

  @Endpoint(getAnalyticsSummary)
  @Header('cache-control', 'no-store')
  summary(@Query() filter: AnalyticsSummaryQuery) {
    return this.queryBus.execute(new GetAnalyticsSummaryQuery(filter, new Date()));
  }
}
