import { Outlet } from 'react-router-dom';
import { ScrollToTop } from './scroll-to-top';

/** The bare layout (spec §2): no header or footer, for the exam screen. */
export function EmptyLayout() {
  return (
    <main id="main" className="main main--empty" tabIndex={-1}>
      <ScrollToTop />
      <Outlet />
    </main>
  );
}
