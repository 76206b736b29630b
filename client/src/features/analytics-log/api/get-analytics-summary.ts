import { analyticsSummarySchema, type AnalyticsSummary } from '@campus/contracts/analytics-log';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

/** Tokyo days (YYYY-MM-DD), both included; '' leaves an end to the server's default. */
export interface SummaryRange {
  from: string;
  to: string;
}

/** GET /api/v1/admin/analytics/events/summary — counts per kind and name, and the most viewed paths. */
export function getAnalyticsSummary(range: SummaryRange, options: { signal?: AbortSignal } = {}): Promise<AnalyticsSummary> {
  return apiClient.get('/api/v1/admin/analytics/events/summary', {
    query: { from: range.from || undefined, to: range.to || undefined },
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => analyticsSummarySchema.parse(data),
    ...options,
  });
}
