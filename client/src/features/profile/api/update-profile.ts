import type { CurrentUser, UpdateProfile } from '@campus/contracts/current-user';
import { apiClient } from '../../../lib/api-client';

/**
 * PUT /api/v1/me — registers or changes the profile. A 400 names the field and is shown next to it;
 * anything else keeps the app's default handling (the communication-error popup, the login popup).
 */
export function updateProfile(profile: UpdateProfile): Promise<CurrentUser> {
  return apiClient.put<CurrentUser>('/api/v1/me', profile, { skipStatuses: [400] });
}
