import { examAnalyticsSchema, type ExamAnalytics } from '@campus/contracts/exam-analytics';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

/** What the controls ask for; '' leaves a value to the server's default. */
export interface AnalyticsQuery {
  from: string;
  to: string;
  granularity: 'day' | 'week';
  courseSlug: string;
}

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
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => examAnalyticsSchema.parse(data),
    ...options,
  });
}
