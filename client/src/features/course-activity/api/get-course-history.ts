import type { ActivityCourseKind, CourseHistory } from '@campus/contracts/course-activity';
import { listCourseHistory } from '@campus/contracts/routes/course-activity';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

export interface CourseHistoryQuery {
  /** 1–50; the server's default is 3 (spec §9). */
  limit?: number;
  offset?: number;
  type?: ActivityCourseKind;
  /** Only courses under way: a lesson done, not all of them. */
  inProgress?: boolean;
}

/** Visited courses, most recent first, with the total for paging. */
export function getCourseHistory(
  query: CourseHistoryQuery,
  options: ReadOptions = {},
): Promise<CourseHistory> {
  return callApi(listCourseHistory, { query: { limit: query.limit, offset: query.offset, type: query.type, inProgress: query.inProgress ? 'true' : undefined } }, {
    // Every course page visit changes it.
    noCache: true,
    ...options,
  });
}
