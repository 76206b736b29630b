import type { CurrentUser } from '@campus/contracts/current-user';
import { createPath, useLocation } from 'react-router-dom';
import { loginUrl } from '../api/login-url';
import { useCurrentUser, useSessionActions, useSessionLoadError, useSessionStatus } from '../hooks/use-session';

/** Spec §3: last name, then first name. */
export function displayName(user: Pick<CurrentUser, 'lastName' | 'firstName'>): string {
  return [user.lastName, user.firstName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** The header's account corner: login link, or the user's name and the logout button. */
export function UserArea() {
  const status = useSessionStatus();
  const user = useCurrentUser();
  const loadError = useSessionLoadError();
  const { logout, retry } = useSessionActions();
  const location = useLocation();

  if (status === 'checking') {
    return <div className="user-area" aria-busy="true" />;
  }

  if (status === 'unavailable') {
    return (
      <div className="user-area">
        <p className="user-area__error" role="alert">
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
      <div className="user-area">
        <a className="button button--primary" href={loginUrl(currentUrl)}>
          ログイン
        </a>
      </div>
    );
  }

  const name = displayName(user) || 'ゲスト';
  return (
    <div className="user-area">
      {user.iconUrl ? <img className="user-area__icon" src={user.iconUrl} alt="" width={32} height={32} /> : null}
      <span className="user-area__name">{name}さん</span>
      <button type="button" className="button" onClick={logout} disabled={status === 'loggingOut'}>
        ログアウト
      </button>
    </div>
  );
}
