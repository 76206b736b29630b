import { pageMetadataFor, type PageMetadata } from '@campus/contracts/page-metadata';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackEvent, trackPageView } from '../../lib/analytics';
import { COURSE_LIST_FILTER_EVENT, screenEventOf } from './screen-events';

/** The description of the page the learner moved to (the server wrote the first page's; pages set their own titles). */
function applyPageMetadata(metadata: PageMetadata): void {
  document.querySelector('meta[name="description"]')?.setAttribute('content', metadata.description);
}

/**
 * Spec §2 and §3: after each navigation that changes the path the page takes its preset's
 * description and reports one page view. A change of the query string alone only filters or pages
 * the same page: no page view, but on a course list the new filters are reported as such.
 */
export function usePageChange(): void {
  const { pathname, search } = useLocation();
  // What was last reported, so that an effect run again for the same address reports nothing.
  const shown = useRef<{ pathname: string; search: string } | null>(null);

  useEffect(() => {
    const previous = shown.current;
    shown.current = { pathname, search };
    if (previous?.pathname !== pathname) {
      applyPageMetadata(pageMetadataFor(pathname));
      trackPageView(pathname);
    } else if (previous.search !== search && screenEventOf(pathname) === 'course_list') {
      trackEvent(COURSE_LIST_FILTER_EVENT, { path: pathname, query: search.replace(/^\?/, '') });
    }
  }, [pathname, search]);
}
