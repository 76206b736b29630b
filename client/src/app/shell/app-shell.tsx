import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PopupHost } from '../../components/ui/popup/popup-host';
import { AppUpdates } from '../../features/app-updates/components/app-updates';
import { followSession } from '../../lib/session/known-session';
import { useSessionActions, useSessionActorRef } from '../../lib/session/use-session';
import { settledKnownSession } from '../../lib/session/session.machine';
import { setApiErrorHandler } from '../../lib/api-client';
import { routeKind } from '../../lib/device';
import { askToLogIn } from '../route-guards/guarded-outlet';
import { AgreementPopup } from './agreement-popup';
import { handleApiError } from './api-error-handling';
import { usePageChange } from './page-change';
import { useScreenEvents } from './screen-events';

/** The root of every route: the popup host, the agreement popup, the API's default error handling, the session the loaders see, page views and screen events. */
export function AppShell() {
  const navigate = useNavigate();
  usePageChange();
  useScreenEvents();
  const { sessionExpired, agreementRequired } = useSessionActions();
  const session = useSessionActorRef();
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
      <AppUpdates />
    </>
  );
}
