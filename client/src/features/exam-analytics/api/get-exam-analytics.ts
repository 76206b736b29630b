import { examAnalyticsSchema, type ExamAnalytics } from '@campus/contracts/exam-analytics';
import { apiClient, NETWORK_ERROR_STATUS } from '../../../lib/api-client';

/** What the controls ask for; '' leaves a value to the server's default. */
export interface AnalyticsQuery {
  from: string;
  to: string;
  granularity: 'day' | 'week';
  courseSlug: string;
}

/** Shown on the page: a bad range next to the inputs, anything else with a retry. A 401 still gets the login popup. */
const HANDLED_STATUSES: readonly number[] = [NETWORK_ERROR_STATUS, 400, 403, 404, 500, 502, 503, 504];

/** GET /api/v1/admin/analytics/exams — attempts and pass rates per period, topic and question difficulty, review scores. */
export function getExamAnalytics(query: AnalyticsQuery, options: { signal?: AbortSignal } = {}): Promise<ExamAnalytics> {
  return apiClient.get('/api/v1/admin/analytics/exams', {
    query: {
      from: query.from || undefined,
      to: query.to || undefined,
      granularity: query.granularity,
      courseSlug: query.courseSlug || undefined,
    },
    noCache: true,
    skipStatuses: HANDLED_STATUSES,
    parse: (data) => examAnalyticsSchema.parse(data),
    ...options,
  });
}
