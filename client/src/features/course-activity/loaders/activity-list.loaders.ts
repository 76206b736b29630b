import type { CourseHistory, FavoriteCourse } from '@campus/contracts/course-activity';
import { isSessionError } from '../../../lib/session-errors';
import { learnerDataAllowed } from '../../../lib/session/known-session';
import { readActivityListQuery, HISTORY_PAGE_SIZE, historyOffset, type ActivityListQuery } from '../activity-list-query';
import { getCourseHistory } from '../api/get-course-history';
import { getFavoriteCourses } from '../api/get-favorite-courses';

/**
 * The answer of a loader that ran before the session allowed the page: the route's guard (login
 * popup, agreement popup) is the one to speak, and the page reloads its data once the guard lets
 * it show. This is the normal first load of a visitor or of a learner who has not accepted the
 * agreements yet; known as such, the loader does not even ask (no 401 behind the login popup).
 */
export type NeedsSession = { status: 'needsSession'; query: ActivityListQuery };

export type HistoryPageData = { status: 'ready'; query: ActivityListQuery; history: CourseHistory } | NeedsSession;
export type WishlistPageData = { status: 'ready'; query: ActivityListQuery; courses: FavoriteCourse[] } | NeedsSession;

async function unlessSessionMissing<T>(
  query: ActivityListQuery,
  load: () => Promise<T>,
): Promise<{ status: 'ready'; query: ActivityListQuery; value: T } | NeedsSession> {
  if (!(await learnerDataAllowed())) return { status: 'needsSession', query };
  try {
    return { status: 'ready', query, value: await load() };
  } catch (error) {
    // Every other failure is the page's error (RouteErrorPage, spec §8 page level).
    if (isSessionError(error)) return { status: 'needsSession', query };
    throw error;
  }
}

/** `/mypage/history?type=&page=`: one page of 20 visited courses. */
export async function loadHistoryPage(request: Request): Promise<HistoryPageData> {
  const query = readActivityListQuery(new URL(request.url).searchParams);
  const result = await unlessSessionMissing(query, () =>
    getCourseHistory(
      { limit: HISTORY_PAGE_SIZE, offset: historyOffset(query.page), ...(query.type ? { type: query.type } : {}) },
      { signal: request.signal, skipStatuses: 'all' },
    ),
  );
  return result.status === 'ready' ? { status: 'ready', query, history: result.value } : result;
}

/** `/mypage/wishlist?type=`: every favourite course (the API does not page them). */
export async function loadWishlistPage(request: Request): Promise<WishlistPageData> {
  const query = readActivityListQuery(new URL(request.url).searchParams);
  const result = await unlessSessionMissing(query, () =>
    getFavoriteCourses(query.type ? { type: query.type } : {}, { signal: request.signal, skipStatuses: 'all' }),
  );
  return result.status === 'ready' ? { status: 'ready', query, courses: result.value } : result;
}
