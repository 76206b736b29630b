import type { Category, CourseCard, CourseCardPage } from '@campus/contracts/catalogue';
import type { Program, ServiceSlug } from '@campus/contracts/catalogue-slugs';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { isApiError } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';
import { knownSession } from '../../../lib/session/known-session';
import { getCategories } from '../api/get-categories';
import { getLearningCourses } from '../api/get-learning-courses';
import { descriptionOf, getPrograms } from '../api/get-programs';
import { getSeminarCourses } from '../../../lib/course-routes/get-seminar-courses';
import { hasPersonalFilters, parseCourseFilters, toApiQuery, withoutPersonalFilters, type CourseFilters } from '../course-filters';
import { rememberSeminars } from '../../../lib/course-routes/course-kind';
import { serviceOf } from '../../../lib/course-routes/route-params';

export interface ServiceLandingData {
  serviceSlug: ServiceSlug;
  /** What the service's courses teach (the content pack's program description). */
  description: string;
  categories: Category[];
  /** The filters the list was fetched with. */
  filters: CourseFilters;
  courses: CourseCardPage;
  seminars: CourseCard[];
  /** The address asked for "not taken" or "wish list" while nobody was logged in: the list ignores them. */
  personalFiltersIgnored: boolean;
}

/** `/{serviceSlug}`: the program's categories, one page of its learning courses (filtered by the address) and its seminars. */
export async function loadServiceLanding({ params, request }: LoaderFunctionArgs): Promise<ServiceLandingData> {
  const { serviceSlug, program } = serviceOf(params);
  const options = { signal: request.signal, skipStatuses: 'all' } as const;
  const requested = parseCourseFilters(new URL(request.url).searchParams);
  const [programs, categories, list, seminars] = await Promise.all([
    getPrograms(options),
    getCategories(program, options),
    learningCourses(requested, program, options),
    getSeminarCourses(program, options),
  ]);
  rememberSeminars(program, seminars);
  return { serviceSlug, description: descriptionOf(programs, serviceSlug), categories, seminars, ...list };
}

/**
 * A shared or bookmarked address may carry the learner's own filters to a visitor, whom the API
 * answers 401. Rather than a login prompt on a public page, the list is shown without them — not
 * even asked with them when the visitor is known as one.
 */
async function learningCourses(requested: CourseFilters, program: Program, options: ReadOptions) {
  if (hasPersonalFilters(requested) && (await knownSession()) === 'visitor') return withoutPersonal(requested, program, options);
  try {
    return { filters: requested, courses: await getLearningCourses(toApiQuery(requested, program), options), personalFiltersIgnored: false };
  } catch (error) {
    if (!(isApiError(error) && error.status === 401 && hasPersonalFilters(requested))) throw error;
    return withoutPersonal(requested, program, options);
  }
}

async function withoutPersonal(requested: CourseFilters, program: Program, options: ReadOptions) {
  const filters = withoutPersonalFilters(requested);
  return { filters, courses: await getLearningCourses(toApiQuery(filters, program), options), personalFiltersIgnored: true };
}
