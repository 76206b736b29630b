import type { ActivityCourseKind, CourseVisit } from '@campus/contracts/course-activity';
import { markCourseVisited as markCourseVisitedRoute } from '@campus/contracts/routes/course-activity';
import { callApi } from '../../../lib/call-api';

/**
 * Records the visit for the history page. Bookkeeping the learner never asked for, so a failure
 * never shows a popup: it is logged and the promise still rejects for callers that care.
 */
export async function markCourseVisited(kind: ActivityCourseKind, slug: string): Promise<CourseVisit> {
  try {
    return await callApi(markCourseVisitedRoute, { params: { kind, courseSlug: slug } }, { skipStatuses: 'all' });
  } catch (error) {
    console.warn('[course-activity] could not record the course visit', error);
    throw error;
  }
}
