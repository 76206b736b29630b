import { analyticsSummarySchema, type AnalyticsSummary } from '@campus/contracts/analytics-log';
import { getAnalyticsSummary as analyticsSummaryRoute } from '@campus/contracts/routes/analytics-log';
import { callApi } from '../../../lib/call-api';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

/** Tokyo days (YYYY-MM-DD), both included; '' leaves an end to the server's default. */
export interface SummaryRange {
  from: string;
  to: string;
}

/** Counts per kind and name, and the most viewed paths. */
export function getAnalyticsSummary(range: SummaryRange, options: { signal?: AbortSignal } = {}): Promise<AnalyticsSummary> {
  return callApi(analyticsSummaryRoute, { query: { from: range.from || undefined, to: range.to || undefined } }, {
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => analyticsSummarySchema.parse(data),
    ...options,
  });
}
