import { Query } from '@nestjs/cqrs';
import type { AnalyticsSummary, AnalyticsSummaryQuery } from '../../../../contracts/analytics-log.js';

/** Reports per kind and name, and page views per path, over a range of Tokyo days. */
export class GetAnalyticsSummaryQuery extends Query<AnalyticsSummary> {
  constructor(
    readonly filter: AnalyticsSummaryQuery,
    readonly now: Date,
  ) {
    super();
  }
}
