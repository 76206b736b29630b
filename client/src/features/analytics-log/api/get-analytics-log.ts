import { ANALYTICS_LOG_PAGE_SIZE, analyticsLogPageSchema, type AnalyticsLogPage } from '@campus/contracts/analytics-log';
import type { AnalyticsReportKind } from '@campus/contracts/analytics-report-rules';
import { listAnalyticsLog } from '@campus/contracts/routes/analytics-log';
import { callApi } from '../../../lib/call-api';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

/** The list's filters as the form holds them; '' is no filter. */
export interface LogFilters {
  kind: AnalyticsReportKind | '';
  name: string;
  path: string;
  userId: string;
}

export const NO_LOG_FILTERS: LogFilters = { kind: '', name: '', path: '', userId: '' };

export interface LogPageRequest {
  filters: LogFilters;
  /** The `nextBefore` of the previous page; null for the newest page. */
  before: number | null;
}

/** One page of the analytics log, newest first. */
export function getAnalyticsLog({ filters, before }: LogPageRequest, options: { signal?: AbortSignal } = {}): Promise<AnalyticsLogPage> {
  return callApi(listAnalyticsLog, {
    query: {
      limit: ANALYTICS_LOG_PAGE_SIZE,
      before: before ?? undefined,
      kind: filters.kind || undefined,
      name: filters.name.trim() || undefined,
      path: filters.path.trim() || undefined,
      userId: filters.userId.trim() || undefined,
    },
  }, {
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => analyticsLogPageSchema.parse(data),
    ...options,
  });
}
