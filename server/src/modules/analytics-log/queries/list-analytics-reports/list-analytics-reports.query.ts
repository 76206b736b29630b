import { Query } from '@nestjs/cqrs';
import type { AnalyticsLogPage, AnalyticsLogQuery } from '../../../../contracts/analytics-log.js';

/** The analytics log for admins, newest first, one page before an id, optionally of one kind, name, path prefix or learner. */
export class ListAnalyticsReportsQuery extends Query<AnalyticsLogPage> {
  constructor(readonly filter: AnalyticsLogQuery) {
    super();
  }
}
