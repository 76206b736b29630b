import type { ActivityCourseKind, CourseVisit } from '@campus/contracts/course-activity';
import { markCourseVisited as markCourseVisitedRoute } from '@campus/contracts/routes/course-activity';
import { callApi } from '../../../lib/call-api';

/**
 * Records the visit for the history page. Bookkeeping the learner never asked for, so a failure
 * never shows a popup: it is logged and the promise still rejects for callers that care. Sent with
 * `keepalive`: a learner who opens a course and leaves at once (a full page load) still has it in the history.
 */
export async function markCourseVisited(kind: ActivityCourseKind, slug: string): Promise<CourseVisit> {
  try {
    return await callApi(markCourseVisitedRoute, { params: { kind, courseSlug: slug } }, { skipStatuses: 'all', keepalive: true });
  } catch (error) {
    console.warn('[course-activity] could not record the course visit', error);
    throw error;
  }
}
