import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { PageSkeleton } from '../../components/page-skeleton';
import { PhraseText } from '../../components/phrase-text';
import { errorAlertOf } from '../../components/ui/popup/popup-catalogue';
import type { PopupShell } from '../../components/ui/popup/popup-types';
import { openPopup } from '../../components/ui/popup/popups';
import { loginUrl } from '../../lib/session/login-url';
import { trackGoal } from '../../lib/analytics';
import { isApiError } from '../../lib/api-client';
import { routeKind } from '../../lib/device';
import { pageTitle } from '../../lib/site';
import { askToLogIn } from '../route-guards/guarded-outlet';
import { NotFoundPage } from './not-found-page';

type PageError =
  | { kind: 'notFound' }
  | { kind: 'login' }
  /** A visitor on a lesson for logged-in learners (spec §8: 403 on a lesson page). */
  | { kind: 'lessonLogin' }
  /** The generic alert (spec §8), in the catalogue's words for the failure. */
  | { kind: 'alert'; popup: Pick<PopupShell, 'title' | 'body'> }
  | { kind: 'quiet' }
  | { kind: 'fatal' };

/** A course page (`…/courses/{courseSlug}`), whose course may be for logged-in learners only. */
const COURSE_PAGE = /\/courses\/[^/]+\/?$/;

/** Spec §8 "page level": what a route that failed to load shows. */
export function classifyPageError(error: unknown, pathname: string): PageError {
  const status = isApiError(error) ? error.status : isRouteErrorResponse(error) ? error.status : null;
  if (status === null) return { kind: 'fatal' };
  if (status === 404) return { kind: 'notFound' };
  if (status === 403 && routeKind(pathname) === 'lesson') return { kind: 'lessonLogin' };
  if (status === 401) return { kind: 'login' };
  // The API's 403 FORBIDDEN for a visitor on a logged-in-only course: logging in is the way in.
  if (status === 403 && COURSE_PAGE.test(pathname) && isApiError(error) && error.code === 'FORBIDDEN') return { kind: 'login' };
  const data = isRouteErrorResponse(error) ? (error.data as { ignorePopup?: boolean } | null) : null;
  if (data?.ignorePopup) return { kind: 'quiet' };
  return { kind: 'alert', popup: errorAlertOf(error) };
}

/** Spec §8 lesson login: 「ログイン」 → login goal and the login address, back to this lesson; cancel or the mask → the top page. */
export async function askToLogInForLesson(currentUrl: string, goToTop: () => void): Promise<void> {
  const choice = await openPopup('lessonLogin');
  if (choice === 'login') {
    trackGoal('login');
    window.location.assign(loginUrl(currentUrl));
  } else {
    goToTop();
  }
}

/** What a route shows when it throws (spec §2, §8). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const pageError = classifyPageError(error, pathname);

  useEffect(() => {
    if (pageError.kind === 'login') void askToLogIn(window.location.href, () => navigate('/'));
    if (pageError.kind === 'lessonLogin') void askToLogInForLesson(window.location.href, () => navigate('/'));
    if (pageError.kind === 'alert') void openPopup('communicationError', pageError.popup);
    // One popup per failed page.
  }, [pageError.kind, pathname]);

  if (pageError.kind === 'notFound') return <NotFoundPage />;
  if (pageError.kind !== 'fatal') return <PageSkeleton />;
  return (
    <section className="error-page" aria-labelledby="route-error-title">
      <title>{pageTitle('エラー')}</title>
      <h1 id="route-error-title"><PhraseText text="エラーが発生しました。" /></h1>
      <p>時間をおいて、ページを再読み込みしてください。</p>
      <Link to="/" className="button button--primary">
        トップページへ
      </Link>
    </section>
  );
}
