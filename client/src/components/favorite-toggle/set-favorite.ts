import type { ActivityCourseKind, FavoriteState, SetFavoriteRequest } from '@campus/contracts/course-activity';
import { apiClient } from '../../lib/api-client';

/**
 * PUT /api/v1/<kind>-courses/<slug>/is-favorite — adds the course to (true) or removes it from
 * (false) the learner's wish list. Failures get the default handling (spec §8 popups); the caller
 * only has to undo its optimistic display.
 */
export function setFavorite(kind: ActivityCourseKind, slug: string, value: boolean): Promise<FavoriteState> {
  const body: SetFavoriteRequest = { value };
  return apiClient.put<FavoriteState>(`/api/v1/${kind}-courses/${encodeURIComponent(slug)}/is-favorite`, body);
}
