import { Module } from '@nestjs/common';
import { AnalyticsLogAdminController } from './analytics-log.admin.controller.js';
import { AnalyticsLogController } from './analytics-log.controller.js';
import { RecordAnalyticsReportsHandler } from './commands/record-analytics-reports/record-analytics-reports.handler.js';
import { DeleteExpiredAnalyticsReportsHandler } from './jobs/delete-expired-analytics-reports.handler.js';
import { GetAnalyticsSummaryHandler } from './queries/get-analytics-summary/get-analytics-summary.handler.js';
import { ListAnalyticsReportsHandler } from './queries/list-analytics-reports/list-analytics-reports.handler.js';

/** The first-party analytics log: pages report to it, admins read it, and old reports are deleted daily. */
@Module({
  controllers: [AnalyticsLogController, AnalyticsLogAdminController],
  providers: [RecordAnalyticsReportsHandler, ListAnalyticsReportsHandler, GetAnalyticsSummaryHandler, DeleteExpiredAnalyticsReportsHandler],
})
export class AnalyticsLogModule {}
