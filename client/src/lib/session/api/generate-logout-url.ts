import { generateLogoutUrl as logoutRoute } from '@campus/contracts/routes/identity';
import { callApi } from '../../call-api';

/**
 * Ends the campus session and answers the provider's end-session address. Every failure is the
 * caller's (spec §4: the local user is cleared silently).
 */
export async function generateLogoutUrl(redirectPath: string): Promise<string> {
  const { value } = await callApi(logoutRoute, { body: { redirectPath } }, { skipStatuses: 'all' });
  return value;
}
