import type { CurrentUser } from '@campus/contracts/current-user';
import { getMe as getMeRoute } from '@campus/contracts/routes/me';
import { callApi } from '../../call-api';

/**
 * The logged-in user. Rejects with an ApiError (status 401, code LOGIN_REQUIRED) when nobody is
 * logged in; the session machine handles 401 and 403 itself.
 */
export function getMe(options: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  return callApi(getMeRoute, {}, { noCache: true, skipStatuses: [401, 403], ...options });
}
