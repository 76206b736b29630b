import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { analyticsBatchSchema, type AnalyticsBatch } from '../../contracts/analytics-log.js';
import { RecordAnalyticsReportsCommand } from './commands/record-analytics-reports/record-analytics-reports.command.js';

/** Where the campus's pages send their page views, events and goals (visitors too). */
@Controller('v1/analytics')
export class AnalyticsLogController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('events')
  @HttpCode(204)
  @Access('public')
  async record(@Body(new ZodValidationPipe(analyticsBatchSchema)) batch: AnalyticsBatch, @CurrentUser() user?: SessionUser): Promise<void> {
    // Until the privacy policy is accepted, a learner's reports are kept as a visitor's: without their id.
    const userId = user?.hasAcceptedAgreements ? user.id : null;
    await this.commandBus.execute(new RecordAnalyticsReportsCommand(batch.events, userId, new Date()));
  }
}
