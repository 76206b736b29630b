import { Controller, Header, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { ExamAnalyticsQuery } from '../../contracts/exam-analytics.js';
import { getExamAnalytics, getItemStatistics } from '../../contracts/routes/exam-analytics.js';
import { GetExamAnalyticsQuery } from './queries/get-exam-analytics/get-exam-analytics.query.js';
import { GetItemStatisticsQuery } from './queries/get-item-statistics/get-item-statistics.query.js';

/** How the certification exams go: attempts and pass rates, hard topics and questions, course reviews. */
@Controller()
export class ExamAnalyticsAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(getExamAnalytics)
  @Header('cache-control', 'no-store')
  analytics(@Query() filter: ExamAnalyticsQuery) {
    return this.queryBus.execute(new GetExamAnalyticsQuery(filter, new Date()));
  }

  @Endpoint(getItemStatistics)
  @Header('cache-control', 'no-store')
  items(@Param('courseSlug') courseSlug: string) {
    return this.queryBus.execute(new GetItemStatisticsQuery(courseSlug));
  }
}
