import { loginPageName } from '@campus/contracts/page-names';
import { useEffect, useState } from 'react';
import { createPath, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageSkeleton } from '../../components/page-skeleton';
import { openPopup } from '../../components/ui/popup/popups';
import { loginUrl } from '../../lib/session/login-url';
import { pageTitle } from '../../lib/site';
import { loginResultOf } from '../../features/auth/api/login-result';
import { useCurrentUser, useSessionStatus } from '../../lib/session/use-session';
import { trackGoal } from '../../lib/analytics';
import { evaluateGuards, type GuardType } from './evaluate-guards';
import { ForbiddenPage } from './forbidden-page';

/** Spec §8: OK → login goal and the login address; cancel or the mask → the top page. */
export async function askToLogIn(currentUrl: string, goToTop: () => void): Promise<void> {
  const choice = await openPopup('loginRequired');
  if (choice === 'login') {
    trackGoal('login');
    window.location.assign(loginUrl(currentUrl));
  } else {
    goToTop();
  }
}

/** Renders the child routes only when every guard allows them (spec §2 global guards). */
export function GuardedOutlet({ guards }: { guards: readonly GuardType[] }) {
  const status = useSessionStatus();
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  // The login-result marker leaves the address as soon as its notice shows (to history state), so remember it.
  const [loginResult] = useState(() => loginResultOf(location));
  const verdict = evaluateGuards(guards, { status, user, loginResult });

  const askLogin = verdict.kind === 'askLogin';
  useEffect(() => {
    if (!askLogin) return;
    void askToLogIn(`${window.location.origin}${createPath(location)}`, () => navigate('/'));
    // Asked once per protected page visit, not again on every re-render of the same page.
  }, [askLogin, location.pathname]);

  if (verdict.kind === 'redirect') return <Navigate to={verdict.to} replace />;
  if (verdict.kind === 'allow') return <Outlet />;
  if (verdict.kind === 'forbidden') return <ForbiddenPage />;
  if (verdict.kind === 'wait') return <PageSkeleton />;
  // Behind the login prompt or the agreement popup the page stays empty, but the tab names it (the name
  // the server wrote into the HTML too), not the bare site name.
  const name = loginPageName(location.pathname);
  return (
    <>
      {name ? <title>{pageTitle(name)}</title> : null}
      <PageSkeleton />
    </>
  );
}
