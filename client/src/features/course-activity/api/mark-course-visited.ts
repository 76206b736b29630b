import type { ActivityCourseKind, CourseVisit } from '@campus/contracts/course-activity';
import { apiClient } from '../../../lib/api-client';

/**
 * PUT /api/v1/<kind>-courses/<slug>/mark-as-visited — records the visit for the history page.
 * Bookkeeping the learner never asked for, so a failure never shows a popup: it is logged and
 * the promise still rejects for callers that care.
 */
export async function markCourseVisited(kind: ActivityCourseKind, slug: string): Promise<CourseVisit> {
  try {
    return await apiClient.put<CourseVisit>(
      `/api/v1/${kind}-courses/${encodeURIComponent(slug)}/mark-as-visited`,
      undefined,
      { skipStatuses: 'all' },
    );
  } catch (error) {
    console.warn('[course-activity] could not record the course visit', error);
    throw error;
  }
}
