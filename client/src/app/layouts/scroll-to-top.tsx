import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';

export interface RouteHandle {
  /** Spec §2: these routes start at the top of the page on every navigation. */
  scrollToTop?: boolean;
}

export function ScrollToTop() {
  const { pathname } = useLocation();
  const scrollToTop = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.scrollToTop);
  useEffect(() => {
    if (scrollToTop) window.scrollTo(0, 0);
  }, [pathname, scrollToTop]);
  return null;
}
