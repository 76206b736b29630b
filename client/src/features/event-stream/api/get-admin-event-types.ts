import { adminEventTypesSchema } from '@campus/contracts/admin-events';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/v1/admin/events/types — the event types recorded so far, for the 種類 filter. Only a
 * convenience (types seen live are added anyway), so a failure stays silent.
 */
export async function getAdminEventTypes(options: { signal?: AbortSignal } = {}): Promise<string[]> {
  const { types } = await apiClient.get('/api/v1/admin/events/types', {
    noCache: true,
    skipStatuses: 'all',
    parse: (data) => adminEventTypesSchema.parse(data),
    ...options,
  });
  return types;
}
