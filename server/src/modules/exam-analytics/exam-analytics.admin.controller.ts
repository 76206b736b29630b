import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { examAnalyticsQuerySchema, type ExamAnalyticsQuery } from '../../contracts/exam-analytics.js';
import { GetExamAnalyticsQuery } from './queries/get-exam-analytics/get-exam-analytics.query.js';

/** How the certification exams go: attempts and pass rates, hard topics and questions, course reviews. */
@Controller('v1/admin/analytics/exams')
@Access('admin')
export class ExamAnalyticsAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Header('cache-control', 'no-store')
  analytics(@Query(new ZodValidationPipe(examAnalyticsQuerySchema, 'query')) filter: ExamAnalyticsQuery) {
    return this.queryBus.execute(new GetExamAnalyticsQuery(filter, new Date()));
  }
}
