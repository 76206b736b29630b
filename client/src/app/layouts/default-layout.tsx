import { Link, Outlet, useLocation } from 'react-router-dom';
import { usePopupOpen } from '../../components/ui/popup/popup-host';
import { AGREEMENT_PAGES } from '../../features/agreements/agreement-links';
import { LoginResultNotice } from '../../features/auth/components/login-result-notice';
import { usesWideLayout } from '../../lib/device';
import { SITE_NAME } from '../../lib/site';
import { Header } from '../header/header';
import { ScrollToTop } from './scroll-to-top';

export function DefaultLayout() {
  // While a popup is up, nothing behind it can be reached.
  const popupOpen = usePopupOpen();
  // The wider header of mypage, exam and lesson pages (spec §2) has the content under it as wide, so
  // the logo and the content start at one left edge.
  const wide = usesWideLayout(useLocation().pathname);
  return (
    <>
      <div className={`page${wide ? ' page--wide' : ''}`} inert={popupOpen}>
        <a className="skip-link" href="#main">
          本文へスキップ
        </a>
        <Header />
        <div className="notices">
          <LoginResultNotice />
        </div>
        <main id="main" className="main" tabIndex={-1}>
          <ScrollToTop />
          <Outlet />
        </main>
        <footer className="site-footer">
          <nav aria-label="規約とポリシー">
            <ul className="site-footer__links">
              {AGREEMENT_PAGES.map((page) => (
                <li key={page.path}>
                  <Link to={page.path}>{page.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>© {SITE_NAME}</p>
        </footer>
      </div>
    </>
  );
}
