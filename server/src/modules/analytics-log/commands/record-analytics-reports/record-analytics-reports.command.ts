import { Command } from '@nestjs/cqrs';
import type { AnalyticsReport } from '../../../../contracts/analytics-log.js';

/** Stores a batch of a page's reports, for the learner behind it (null: a visitor). */
export class RecordAnalyticsReportsCommand extends Command<void> {
  constructor(
    readonly reports: readonly AnalyticsReport[],
    readonly userId: string | null,
    readonly receivedAt: Date,
  ) {
    super();
  }
}
