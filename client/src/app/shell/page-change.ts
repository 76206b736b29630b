import { pageMetadataFor, type PageMetadata } from '@campus/contracts/page-metadata';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from '../../lib/analytics';

/** The description of the page the learner moved to (the server wrote the first page's; pages set their own titles). */
function applyPageMetadata(metadata: PageMetadata): void {
  document.querySelector('meta[name="description"]')?.setAttribute('content', metadata.description);
}

/**
 * Spec §2 and §3: after each navigation that changes the path — not the query string, which only
 * filters or pages the same page — the page takes its preset's description and reports one page view.
 */
export function usePageChange(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    applyPageMetadata(pageMetadataFor(pathname));
    trackPageView(pathname);
  }, [pathname]);
}
