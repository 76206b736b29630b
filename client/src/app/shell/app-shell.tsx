import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PopupHost } from '../../components/ui/popup/popup-host';
import { useSessionActions } from '../../features/auth/hooks/use-session';
import { setApiErrorHandler } from '../../lib/api-client';
import { askToLogIn } from '../route-guards/guarded-outlet';
import { AgreementPopup } from './agreement-popup';
import { handleApiError } from './api-error-handling';

const LESSON_PATH = /\/lessons\/[^/]+\/?$/;

/** The root of every route: the popup host, the agreement popup and the API's default error handling. */
export function AppShell() {
  const navigate = useNavigate();
  const { sessionExpired, agreementRequired } = useSessionActions();

  useEffect(
    () =>
      setApiErrorHandler((error) =>
        handleApiError(error, {
          sessionExpired,
          agreementRequired,
          askToLogIn: () => void askToLogIn(window.location.href, () => navigate('/')),
          onLessonPage: () => LESSON_PATH.test(window.location.pathname),
        }),
      ),
    [sessionExpired, agreementRequired, navigate],
  );

  return (
    <>
      <Outlet />
      <AgreementPopup />
      <PopupHost />
    </>
  );
}
