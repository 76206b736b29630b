import type { MyProfile } from '@campus/contracts/current-user';
import { apiClient } from '../../../lib/api-client';

/** GET /api/v1/me/profile — the learner's profile; the page shows its own retry, so no popup. */
export function getMyProfile(): Promise<MyProfile> {
  return apiClient.get<MyProfile>('/api/v1/me/profile', { noCache: true, skipStatuses: 'all' });
}
