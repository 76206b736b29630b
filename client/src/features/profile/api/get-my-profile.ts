import type { MyProfile } from '@campus/contracts/current-user';
import { getMyProfile as myProfileRoute } from '@campus/contracts/routes/me';
import { callApi } from '../../../lib/call-api';

/** The learner's profile; the page shows its own retry, so no popup. */
export function getMyProfile(): Promise<MyProfile> {
  return callApi(myProfileRoute, {}, { noCache: true, skipStatuses: 'all' });
}
