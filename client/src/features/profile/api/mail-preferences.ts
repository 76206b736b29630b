import type { MailPreferences, MailSettings } from '@campus/contracts/mail';
import { getMailPreferences as getRoute, updateMailPreferences as updateRoute } from '@campus/contracts/routes/mail';
import { callApi } from '../../../lib/call-api';

/** The learner's mail choices; the section shows its own retry, so no popup. */
export function getMailPreferences(): Promise<MailSettings> {
  return callApi(getRoute, {}, { noCache: true, skipStatuses: 'all' });
}

/** Saves the whole set; a failure is said in the section (the switches go back to what was saved). */
export function saveMailPreferences(preferences: MailPreferences): Promise<MailSettings> {
  return callApi(updateRoute, { body: preferences }, { skipStatuses: 'all' });
}
