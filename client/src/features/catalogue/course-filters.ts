import type { Level } from '@campus/contracts/catalogue';
import type { Program } from '@campus/contracts/catalogue-slugs';
import type { LearningCoursesQuery } from './api/get-learning-courses';
import { LEVELS } from './course-labels';

/**
 * The service landing page's course-list filters (spec §3), kept only in the query string so a
 * reload, a shared link and back/forward all reproduce the same list:
 *
 *   ?level=BEGINNER,INTERMEDIATE&category=messaging,analytics&notTaken=true&isFavorite=true&page=2
 *
 * Lists are comma-separated; values the campus does not know are dropped rather than sent to the
 * API (which would refuse the whole request with a 400).
 */
export interface CourseFilters {
  levels: Level[];
  categories: string[];
  /** Only courses the learner has not started (logged-in learners). */
  notTaken: boolean;
  /** Only courses on the learner's wish list (logged-in learners). */
  isFavorite: boolean;
  page: number;
}

export const NO_FILTERS: CourseFilters = Object.freeze({ levels: [], categories: [], notTaken: false, isFavorite: false, page: 1 }) as CourseFilters;

/** Courses on one page of the list. */
export const COURSES_PER_PAGE = 12;

/** What the API accepts as a category slug. */
const CATEGORY_SLUG = /^[a-z0-9-]+$/;

const listOf = (params: URLSearchParams, name: string): string[] =>
  params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** A positive whole page number; anything else (missing, "abc", "-3", "1.5") is page 1 (spec §3). */
function pageFrom(value: string | null): number {
  if (value === null || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function parseCourseFilters(params: URLSearchParams): CourseFilters {
  const levels = new Set(listOf(params, 'level'));
  return {
    // Canonical order, so equal filters always make the same address.
    levels: LEVELS.filter((level) => levels.has(level)),
    categories: unique(listOf(params, 'category').filter((slug) => CATEGORY_SLUG.test(slug))),
    notTaken: params.get('notTaken') === 'true',
    isFavorite: params.get('isFavorite') === 'true',
    page: pageFrom(params.get('page')),
  };
}

/** The query string for the filters; defaults are left out so an unfiltered list is plain `/{service}`. */
export function serializeCourseFilters(filters: CourseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.levels.length) params.set('level', filters.levels.join(','));
  if (filters.categories.length) params.set('category', filters.categories.join(','));
  if (filters.notTaken) params.set('notTaken', 'true');
  if (filters.isFavorite) params.set('isFavorite', 'true');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * `?level=BEGINNER,ADVANCED…` for links and navigation: commas are legal in a query string, and
 * the readable form is the one people share.
 */
export function courseFiltersSearch(filters: CourseFilters): string {
  const search = serializeCourseFilters(filters).toString().replaceAll('%2C', ',');
  return search ? `?${search}` : '';
}

/** A changed filter: the old page number means nothing for the new list, so it goes back to 1. */
export function changeCourseFilters(filters: CourseFilters, change: Partial<Omit<CourseFilters, 'page'>>): CourseFilters {
  return { ...filters, ...change, page: 1 };
}

/** The list with `value` added, or removed when it was there. */
export function toggled<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}

/** Whether anything narrows the list (the page number does not). */
export const hasActiveFilters = (filters: CourseFilters): boolean =>
  filters.levels.length > 0 || filters.categories.length > 0 || filters.notTaken || filters.isFavorite;

/** The filters that only mean something for a logged-in learner. */
export const hasPersonalFilters = (filters: CourseFilters): boolean => filters.notTaken || filters.isFavorite;

export const withoutPersonalFilters = (filters: CourseFilters): CourseFilters => ({ ...filters, notTaken: false, isFavorite: false });

/** The learning-courses API query for the filters (spec §3: notTaken → isStarted=false, isFavorite → isFavorite=true). */
export function toApiQuery(filters: CourseFilters, program: Program, limit = COURSES_PER_PAGE): LearningCoursesQuery {
  return {
    program,
    ...(filters.levels.length ? { level: filters.levels.join(',') } : {}),
    ...(filters.categories.length ? { category: filters.categories.join(',') } : {}),
    ...(filters.notTaken ? { isStarted: false } : {}),
    ...(filters.isFavorite ? { isFavorite: true } : {}),
    page: filters.page,
    limit,
  };
}
