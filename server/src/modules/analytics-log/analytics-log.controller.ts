import { Body, Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { AnalyticsBatch } from '../../contracts/analytics-log.js';
import { recordAnalytics } from '../../contracts/routes/analytics.js';
import { RecordAnalyticsReportsCommand } from './commands/record-analytics-reports/record-analytics-reports.command.js';

/** Where the campus's pages send their page views, events and goals (visitors too). */
@Controller()
export class AnalyticsLogController {
  constructor(private readonly commandBus: CommandBus) {}

  @Endpoint(recordAnalytics)
  async record(@Body() batch: AnalyticsBatch, @CurrentUser() user?: SessionUser): Promise<void> {
    // Until the privacy policy is accepted, a learner's reports are kept as a visitor's: without their id.
    const userId = user?.hasAcceptedAgreements ? user.id : null;
    await this.commandBus.execute(new RecordAnalyticsReportsCommand(batch.events, userId, new Date()));
  }
}
