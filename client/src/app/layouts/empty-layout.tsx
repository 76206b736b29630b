import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ScrollToTop } from './scroll-to-top';

/**
 * The bare layout (spec §2): no header or footer, for the exam screen. Its route's error page is drawn
 * in it too (`children`), so a 404 there still has its one `<main>`.
 */
export function EmptyLayout({ children }: { children?: ReactNode }) {
  return (
    <main id="main" className="main main--empty" tabIndex={-1}>
      <ScrollToTop />
      {children ?? <Outlet />}
    </main>
  );
}
