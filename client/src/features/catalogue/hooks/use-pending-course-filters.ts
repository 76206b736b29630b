import { useLocation, useNavigation } from 'react-router-dom';
import { parseCourseFilters, type CourseFilters } from '../course-filters';

/**
 * The filters of the address being shown — or, while the list for a new address loads, of that
 * address: a ticked box stays ticked at once, and a second click builds on the first.
 */
export function usePendingCourseFilters(): CourseFilters {
  const location = useLocation();
  const pending = useNavigation().location;
  const search = pending && pending.pathname === location.pathname ? pending.search : location.search;
  return parseCourseFilters(new URLSearchParams(search));
}
