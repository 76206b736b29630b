import type { CurrentUser } from '@campus/contracts/current-user';
import { apiClient } from '../../api-client';

/**
 * GET /api/v1/me — the logged-in user. Rejects with an ApiError (status 401, code LOGIN_REQUIRED)
 * when nobody is logged in; the session machine handles 401 and 403 itself.
 */
export function getMe(options: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  return apiClient.get<CurrentUser>('/api/v1/me', { noCache: true, skipStatuses: [401, 403], ...options });
}
