import { useEffect, useRef, type RefObject } from 'react';
import { courseFiltersSearch, type CourseFilters } from '../course-filters';

/**
 * After a page link of the list, the learner's focus (and the view) moves to the list's heading:
 * the link they pressed is far below the new cards. Not after a filter change, which keeps the
 * focus on the tick box even though it, too, goes back to page 1.
 */
export function useFocusOnPageChange(filters: CourseFilters, target: RefObject<HTMLElement | null>): void {
  const previous = useRef(filters);
  useEffect(() => {
    const before = previous.current;
    previous.current = filters;
    const sameFilters = courseFiltersSearch({ ...before, page: 1 }) === courseFiltersSearch({ ...filters, page: 1 });
    if (sameFilters && before.page !== filters.page) target.current?.focus();
  }, [filters, target]);
}
