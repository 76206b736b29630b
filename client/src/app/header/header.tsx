import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PhraseText } from '../../components/phrase-text';
import { useUnreadFlags } from '../../features/notifications/hooks/use-unread-flags';
import { useIsMobile, usesWideLayout } from '../../lib/device';
import { SITE_NAME } from '../../lib/site';
import { AccountArea } from './account-area';
import { DesktopNav } from './desktop-nav';
import { headerMenu, LOGO_EVENT_KEY } from './header-menu';
import { trackHeaderNavigation } from './menu-link';
import { MobileMenu } from './mobile-menu';
import { SubmenuGroup } from './submenu-group';
import './header.css';

/**
 * The site header (spec §2): the logo (→ /), the navigation — hover submenus on desktop, the
 * メニュー dialog on mobile — and the account corner. Wider on mypage, exam and lesson pages. On a
 * phone all of it stays on one row: the site name may take two lines there, broken between its words.
 * Reads the session through the auth hooks and the unread flags through `useUnreadFlags()`.
 */
export function Header() {
  const { pathname } = useLocation();
  const mobile = useIsMobile(pathname);
  const wide = usesWideLayout(pathname);
  const flags = useUnreadFlags();
  const items = useMemo(() => headerMenu(flags), [flags]);

  return (
    <header
      className={`site-header${wide ? ' site-header--wide' : ''}${mobile ? ' site-header--mobile' : ''}`}
    >
      <div className="site-header__inner">
        <Link to="/" className="site-name" onClick={() => trackHeaderNavigation(LOGO_EVENT_KEY)}>
          <PhraseText text={SITE_NAME} />
        </Link>
        <SubmenuGroup>
          {mobile ? null : <DesktopNav items={items} />}
          <div className="site-header__end">
            <AccountArea />
            {mobile ? <MobileMenu items={items} /> : null}
          </div>
        </SubmenuGroup>
      </div>
    </header>
  );
}
