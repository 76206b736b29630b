import { adminEventTypesSchema } from '@campus/contracts/admin-events';
import { listAdminEventTypes } from '@campus/contracts/routes/admin-events';
import { callApi } from '../../../lib/call-api';

/**
 * The event types recorded so far, for the 種類 filter. Only a convenience (types seen live are added
 * anyway), so a failure stays silent.
 */
export async function getAdminEventTypes(options: { signal?: AbortSignal } = {}): Promise<string[]> {
  const { types } = await callApi(listAdminEventTypes, {}, {
    noCache: true,
    skipStatuses: 'all',
    parse: (data) => adminEventTypesSchema.parse(data),
    ...options,
  });
  return types;
}
