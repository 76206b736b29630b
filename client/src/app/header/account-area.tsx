import type { CurrentUser } from '@campus/contracts/current-user';
import { LOGIN_TEXT } from '@campus/contracts/header-labels';
import { createPath, Link, useLocation } from 'react-router-dom';
import { loginUrl } from '../../lib/session/login-url';
import {
  useCurrentUser,
  useSessionActions,
  useSessionLoadError,
  useSessionStatus,
} from '../../lib/session/use-session';
import { trackEvent, trackGoal } from '../../lib/analytics';
import { displayName } from '../../features/auth/display-name';
import { LOGOUT_EVENT_KEY, MYPAGE_PROFILE_PATH, THUMBNAIL_EVENT_KEY, userMenuOf } from './header-menu';
import { MenuLink, trackHeaderNavigation } from './menu-link';
import { Submenu } from './submenu';

export const LOGOUT_TEXT = 'ログアウト';
const GUEST_NAME = 'ゲスト';

/** '山田 太郎さん' — how the header addresses the user. */
export const honorificName = (user: CurrentUser) => `${displayName(user) || GUEST_NAME}さん`;

/** 'マイページ（山田 太郎さん）' — the thumbnail link's accessible name. */
export const thumbnailLabel = (user: CurrentUser) => `マイページ（${honorificName(user)}）`;

function Thumbnail({ user }: { user: CurrentUser }) {
  const initial = Array.from(displayName(user) || GUEST_NAME)[0];
  return (
    <Link
      to={MYPAGE_PROFILE_PATH}
      className="account-thumbnail"
      aria-label={thumbnailLabel(user)}
      onClick={() => trackHeaderNavigation(THUMBNAIL_EVENT_KEY)}
    >
      {user.iconUrl ? (
        <img className="account-thumbnail__image" src={user.iconUrl} alt="" width={36} height={36} />
      ) : (
        <span className="account-thumbnail__initial" aria-hidden="true">
          {initial}
        </span>
      )}
    </Link>
  );
}

/**
 * The header's account corner (spec §2): logged out, the ログイン link; logged in, the thumbnail
 * (→ /mypage/profile) and the user menu (profile, history, wish list, certificates, for admins
 * 運営コンソール, ログアウト).
 */
export function AccountArea() {
  const status = useSessionStatus();
  const user = useCurrentUser();
  const loadError = useSessionLoadError();
  const { logout, retry } = useSessionActions();
  const location = useLocation();

  if (status === 'checking') {
    return <div className="account-area" aria-busy="true" />;
  }

  if (status === 'unavailable') {
    return (
      <div className="account-area">
        <p className="account-area__error" role="alert">
          {loadError}
        </p>
        <button type="button" className="button" onClick={retry}>
          再試行
        </button>
      </div>
    );
  }

  if (status === 'loggedOut' || !user) {
    const currentUrl = `${window.location.origin}${createPath(location)}`;
    return (
      <div className="account-area">
        <a
          className="button button--primary"
          href={loginUrl(currentUrl)}
          onClick={() => {
            // Spec §4: a login event, then the login address (the navigation is not held up).
            trackEvent('login');
            trackGoal('login');
          }}
        >
          {LOGIN_TEXT}
        </a>
      </div>
    );
  }

  const loggingOut = status === 'loggingOut';
  return (
    <div className="account-area">
      <Thumbnail user={user} />
      <Submenu
        id="user"
        trigger={<span className="user-menu__name">{honorificName(user)}</span>}
        className="submenu user-menu"
        triggerClassName="submenu__trigger user-menu__trigger"
        panelClassName="submenu__panel user-menu__panel"
      >
        <ul className="menu-tree">
          {userMenuOf(user).map((item) => (
            <li key={item.eventKey} className="menu-tree__item">
              <MenuLink item={item} />
            </li>
          ))}
          <li className="menu-tree__item">
            <button
              type="button"
              className="menu-link menu-link--button"
              onClick={() => {
                trackHeaderNavigation(LOGOUT_EVENT_KEY);
                logout();
              }}
              disabled={loggingOut}
              aria-busy={loggingOut}
            >
              {LOGOUT_TEXT}
            </button>
          </li>
        </ul>
      </Submenu>
    </div>
  );
}
