import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PopupHost } from '../../components/ui/popup/popup-host';
import { followSession } from '../../lib/session/known-session';
import { useSessionActions, useSessionActorRef } from '../../lib/session/use-session';
import { settledKnownSession } from '../../lib/session/session.machine';
import { afterNextPaint } from '../../lib/after-next-paint';
import { setApiErrorHandler } from '../../lib/api-client';
import { routeKind } from '../../lib/device';
import { askToLogIn } from '../route-guards/guarded-outlet';
import { AgreementPopup } from './agreement-popup';
import { handleApiError } from './api-error-handling';
import { usePageChange } from './page-change';
import { useScreenEvents } from './screen-events';

// The service worker's notices and the install offer are not part of a page's first paint: their code
// (with workbox-window) loads beside the page's, outside the first-load script budget. Should it fail
// to arrive (offline before it did), the page goes on without the notices until the next load.
const AppUpdates = lazy<ComponentType>(() =>
  import('../../features/app-updates/components/app-updates')
    .then((module) => ({ default: module.AppUpdates }))
    .catch(() => ({ default: () => null })),
);

/**
 * True once the first page has been painted. The notices' chunk brings a stylesheet, and a stylesheet
 * added to the head before the first paint holds that paint until it arrives (a phone's exam policy
 * page waited 0.8 s for it), so the notices start after the frame that shows the page.
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterNextPaint().then(() => mounted && setPainted(true));
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}

/** The root of every route: the popup host, the agreement popup, the API's default error handling, the session the loaders see, page views and screen events. */
export function AppShell() {
  const navigate = useNavigate();
  usePageChange();
  useScreenEvents();
  const { sessionExpired, agreementRequired } = useSessionActions();
  const session = useSessionActorRef();
  const painted = usePaintedOnce();
  // Route loaders learn from the session machine whether to ask for a learner's own data.
  useEffect(() => followSession(() => settledKnownSession(session)), [session]);

  useEffect(
    () =>
      setApiErrorHandler((error, request) =>
        handleApiError(
          error,
          {
            sessionExpired,
            agreementRequired,
            askToLogIn: () => void askToLogIn(window.location.href, () => navigate('/')),
            onLessonPage: () => routeKind(window.location.pathname) === 'lesson',
          },
          request,
        ),
      ),
    [sessionExpired, agreementRequired, navigate],
  );

  return (
    <>
      <Outlet />
      <AgreementPopup />
      <PopupHost />
      {painted ? (
        <Suspense fallback={null}>
          <AppUpdates />
        </Suspense>
      ) : null}
    </>
  );
}
