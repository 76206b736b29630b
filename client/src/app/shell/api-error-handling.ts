import { errorAlertOf } from '../../components/ui/popup/popup-catalogue';
import { openPopup } from '../../components/ui/popup/popups';
import type { ApiError, ApiRequestFacts } from '../../lib/api-client';
import { isAgreementRequired } from '../../lib/session-errors';

export interface ApiErrorContext {
  /** Forget the user (a 401 means the session is gone). */
  sessionExpired(): void;
  /** The server says the agreements are not accepted: reopen the agreement popup. */
  agreementRequired(): void;
  /** Open the login alert for the current page (spec §8: OK → login, cancel → top). */
  askToLogIn(): void;
  /** Whether the current page is a lesson page (a 403 there means "log in to read this"). */
  onLessonPage(): boolean;
}

function showErrorAlert(error: ApiError): void {
  void openPopup('communicationError', errorAlertOf(error));
}

/**
 * Spec §8, once for every request that does not handle the status itself: the popups and
 * redirects a failed call leads to. A 404 is left to the page (it shows the error page).
 */
export function handleApiError(error: ApiError, context: ApiErrorContext, request: ApiRequestFacts = { method: 'GET' }): void {
  if (error.status === 0) {
    console.error('API request failed without a response', error);
    // Offline, the app's offline notice (features/app-updates) already says so for the reads a
    // page makes on load: a popup for each would bury the lesson the service worker could still
    // show. An action the learner took (completing a lesson, the heart, sending an answer) did not
    // happen, and the learner must hear so.
    if (navigator.onLine === false && request.method === 'GET') return;
    showErrorAlert(error);
    return;
  }
  if (error.status === 400) {
    if (isAgreementRequired(error)) context.agreementRequired();
    else showErrorAlert(error);
    return;
  }
  if (error.status === 401) {
    context.sessionExpired();
    context.askToLogIn();
    return;
  }
  if (error.status === 403) {
    if (context.onLessonPage()) context.askToLogIn();
    else showErrorAlert(error);
    return;
  }
  // Over a rate limit: the error alert with the server's words (wait a little and try again).
  if (error.status === 429 || error.status >= 500) showErrorAlert(error);
  // Other statuses (404 included) pass through to the caller.
}
