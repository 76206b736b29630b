import type { ActivityCourseKind, FavoriteCourse } from '@campus/contracts/course-activity';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v2/favorite-courses — the learner's wish list (all kinds, or one `type`), newest first. */
export function getFavoriteCourses(
  query: { type?: ActivityCourseKind },
  options: ReadOptions = {},
): Promise<FavoriteCourse[]> {
  return apiClient.get<FavoriteCourse[]>('/api/v2/favorite-courses', {
    query: { type: query.type },
    // Personal and changed by the toggles on other pages: never an HTTP-cached copy.
    noCache: true,
    ...options,
  });
}
