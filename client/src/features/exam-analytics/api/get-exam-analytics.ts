import { examAnalyticsSchema, type ExamAnalytics } from '@campus/contracts/exam-analytics';
import { getExamAnalytics as examAnalyticsRoute } from '@campus/contracts/routes/exam-analytics';
import { callApi } from '../../../lib/call-api';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

/** What the controls ask for; '' leaves a value to the server's default. */
export interface AnalyticsQuery {
  from: string;
  to: string;
  granularity: 'day' | 'week';
  courseSlug: string;
}

/** Attempts and pass rates per period, topic and question difficulty, review scores. */
export function getExamAnalytics(query: AnalyticsQuery, options: { signal?: AbortSignal } = {}): Promise<ExamAnalytics> {
  const filter = { from: query.from || undefined, to: query.to || undefined, granularity: query.granularity, courseSlug: query.courseSlug || undefined };
  return callApi(examAnalyticsRoute, { query: filter }, {
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => examAnalyticsSchema.parse(data),
    ...options,
  });
}
