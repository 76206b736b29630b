import type { ActivityCourseKind } from '@campus/contracts/course-activity';
import type { CourseKind } from '@campus/contracts/catalogue';

/**
 * The query string of the history and wish list pages: `?type=learning&page=2`. Kept in the
 * address so a reload, the back button and a bookmark show the same list.
 */

export const ACTIVITY_COURSE_KINDS: readonly ActivityCourseKind[] = ['learning', 'seminar', 'certification'];

/** The type tabs, in order; `null` = every kind. */
export const COURSE_TYPE_TABS: readonly { type: ActivityCourseKind | null; label: string }[] = [
  { type: null, label: 'すべて' },
  { type: 'learning', label: 'コース' },
  { type: 'seminar', label: 'セミナー' },
  { type: 'certification', label: '認定コース' },
];

/** Courses per history page. */
export const HISTORY_PAGE_SIZE = 20;

export const isActivityCourseKind = (value: string | null | undefined): value is ActivityCourseKind =>
  (ACTIVITY_COURSE_KINDS as readonly (string | null | undefined)[]).includes(value);

/** Favourites and visits exist for every kind but video. */
export const hasActivity = (kind: CourseKind): kind is ActivityCourseKind => isActivityCourseKind(kind);

/** An unknown type reads as "every kind" rather than as an error: the list is still useful. */
export const parseCourseType = (value: string | null): ActivityCourseKind | null => (isActivityCourseKind(value) ? value : null);

/** Spec §3: page numbers default to 1 when missing or not numeric. */
export function parsePageNumber(value: string | null): number {
  if (value === null || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export interface ActivityListQuery {
  type: ActivityCourseKind | null;
  page: number;
}

export function readActivityListQuery(search: string | URLSearchParams): ActivityListQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return { type: parseCourseType(params.get('type')), page: parsePageNumber(params.get('page')) };
}

/** The search string for a list: empty for the defaults, so the plain address stays plain. */
export function activityListSearch({ type, page }: ActivityListQuery): string {
  const params = new URLSearchParams();
  if (type) params.set('type', type);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const historyOffset = (page: number): number => (page - 1) * HISTORY_PAGE_SIZE;

export const historyPageCount = (total: number): number => Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
