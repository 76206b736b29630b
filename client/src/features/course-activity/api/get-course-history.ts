import type { ActivityCourseKind, CourseHistory } from '@campus/contracts/course-activity';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

export interface CourseHistoryQuery {
  /** 1–50; the server's default is 3 (spec §9). */
  limit?: number;
  offset?: number;
  type?: ActivityCourseKind;
}

/** GET /api/v2/course-history — visited courses, most recent first, with the total for paging. */
export function getCourseHistory(
  query: CourseHistoryQuery,
  options: ReadOptions = {},
): Promise<CourseHistory> {
  return apiClient.get<CourseHistory>('/api/v2/course-history', {
    query: { limit: query.limit, offset: query.offset, type: query.type },
    // Every course page visit changes it.
    noCache: true,
    ...options,
  });
}
