import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminRequiredGuard } from '../../common/auth/admin-required.guard.js';
import { LoginRequiredGuard } from '../../common/auth/login-required.guard.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { examAnalyticsQuerySchema, type ExamAnalyticsQuery } from '../../contracts/exam-analytics.js';
import { GetExamAnalyticsQuery } from './queries/get-exam-analytics/get-exam-analytics.query.js';

/** How the certification exams go: attempts and pass rates, hard topics and questions, course reviews. */
@Controller('v1/admin/analytics/exams')
@UseGuards(LoginRequiredGuard, AdminRequiredGuard)
export class ExamAnalyticsAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Header('cache-control', 'no-store')
  analytics(@Query(new ZodValidationPipe(examAnalyticsQuerySchema, 'query')) filter: ExamAnalyticsQuery) {
    return this.queryBus.execute(new GetExamAnalyticsQuery(filter, new Date()));
  }
}
