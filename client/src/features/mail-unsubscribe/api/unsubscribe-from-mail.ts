import type { UnsubscribeResult } from '@campus/contracts/mail';
import { unsubscribeFromMail as route } from '@campus/contracts/routes/mail';
import { callApi } from '../../../lib/call-api';

/** Turns off the kind of mail the token names; the page says what a refusal means, so no popup. */
export function unsubscribeFromMail(token: string): Promise<UnsubscribeResult> {
  return callApi(route, { query: { token } }, { skipStatuses: 'all' });
}
