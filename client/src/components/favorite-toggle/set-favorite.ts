import type { ActivityCourseKind, FavoriteState, SetFavoriteRequest } from '@campus/contracts/course-activity';
import { setFavorite as setFavoriteRoute } from '@campus/contracts/routes/course-activity';
import { callApi } from '../../lib/call-api';

/**
 * Adds the course to (true) or removes it from (false) the learner's wish list. Failures get the
 * default handling (spec §8 popups); the caller only has to undo its optimistic display.
 */
export function setFavorite(kind: ActivityCourseKind, slug: string, value: boolean): Promise<FavoriteState> {
  const body: SetFavoriteRequest = { value };
  return callApi(setFavoriteRoute, { params: { kind, courseSlug: slug }, body });
}
