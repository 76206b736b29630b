import type { ActivityCourseKind, FavoriteCourse } from '@campus/contracts/course-activity';
import { listFavoriteCourses } from '@campus/contracts/routes/course-activity';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** The learner's wish list (all kinds, or one `type`), newest first. */
export function getFavoriteCourses(
  query: { type?: ActivityCourseKind },
  options: ReadOptions = {},
): Promise<FavoriteCourse[]> {
  return callApi(listFavoriteCourses, { query: { type: query.type } }, {
    // Personal and changed by the toggles on other pages: never an HTTP-cached copy.
    noCache: true,
    ...options,
  });
}
