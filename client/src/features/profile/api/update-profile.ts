import type { CurrentUser, UpdateProfile } from '@campus/contracts/current-user';
import { updateProfile as updateProfileRoute } from '@campus/contracts/routes/me';
import { callApi } from '../../../lib/call-api';

/**
 * Registers or changes the profile. A 400 names the field and is shown next to it; anything else
 * keeps the app's default handling (the communication-error popup, the login popup).
 */
export function updateProfile(profile: UpdateProfile): Promise<CurrentUser> {
  return callApi(updateProfileRoute, { body: profile }, { skipStatuses: [400] });
}
