import type { CurrentUser } from '@campus/contracts/current-user';
import { getMe as getMeRoute } from '@campus/contracts/routes/me';
import { ApiError } from '../../api-client';
import { callApi } from '../../call-api';
import { forgetKeptSession } from '../../offline-caches';
import { hasSignedInHint } from '../signed-in-hint';

/** The server's own answer to a visitor, given without asking it (contracts/errors: LOGIN_REQUIRED). */
const visitorAnswer = () => new ApiError({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' });

/**
 * The logged-in user. Rejects with an ApiError (status 401, code LOGIN_REQUIRED) when nobody is
 * logged in; the session machine handles 401 and 403 itself. Without the session's hint cookie
 * nobody is: the same 401 comes at once, with no request (none to log as a failed load either), and
 * the service worker's kept answer is forgotten as a 401 passing it would have.
 */
export function getMe(options: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  if (!hasSignedInHint()) {
    // Not waited for: the visitor's first paint does not wait on Cache Storage.
    void forgetKeptSession();
    return Promise.reject(visitorAnswer());
  }
  return callApi(getMeRoute, {}, { noCache: true, skipStatuses: [401, 403], ...options });
}
