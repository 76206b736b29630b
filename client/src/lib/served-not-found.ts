import { data } from 'react-router-dom';

/**
 * Whether the server has already answered this address 404: the document the app started on was
 * this page and came with HTTP 404 (the server checks the content some pages name — an announcement,
 * a certificate: server/src/common/http/page-status.ts). A browser that does not report the
 * document's status (`responseStatus`) says no, and the page asks the API as before.
 */
export function servedAsNotFound(request: Request): boolean {
  const [started] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return started?.responseStatus === 404 && new URL(started.name).pathname === new URL(request.url).pathname;
}

/**
 * For the loaders of those pages: the 404 page at once, without asking the API the same question —
 * its 404 would be one more failed load in the console.
 */
export function throwIfServedNotFound(request: Request): void {
  if (servedAsNotFound(request)) throw data(null, { status: 404, statusText: 'Not Found' });
}
