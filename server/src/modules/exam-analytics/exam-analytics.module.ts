import { Module } from '@nestjs/common';
import { ExamAnalyticsAdminController } from './exam-analytics.admin.controller.js';
import { GetExamAnalyticsHandler } from './queries/get-exam-analytics/get-exam-analytics.handler.js';
import { GetItemStatisticsHandler } from './queries/get-item-statistics/get-item-statistics.handler.js';

/** Read-only figures over the exam sessions and course reviews, for admins. */
@Module({ controllers: [ExamAnalyticsAdminController], providers: [GetExamAnalyticsHandler, GetItemStatisticsHandler] })
export class ExamAnalyticsModule {}
