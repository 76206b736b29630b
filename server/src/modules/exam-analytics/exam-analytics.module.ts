import { Module } from '@nestjs/common';
import { ExamAnalyticsAdminController } from './exam-analytics.admin.controller.js';
import { GetExamAnalyticsHandler } from './queries/get-exam-analytics/get-exam-analytics.handler.js';

/** Read-only figures over the exam sessions and course reviews, for admins. */
@Module({ controllers: [ExamAnalyticsAdminController], providers: [GetExamAnalyticsHandler] })
export class ExamAnalyticsModule {}
