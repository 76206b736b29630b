import type { AddressConfirmationResult, UnsubscribeResult } from '@campus/contracts/mail';
import { confirmMailAddress, unsubscribeFromMail } from '@campus/contracts/routes/mail';
import { callApi } from '../../../lib/call-api';

/** What a mail's link does: turn one kind of mail off, or confirm a new profile address. */
export type MailLink = 'unsubscribe' | 'confirm-address';

export type MailLinkResult = { link: 'unsubscribe'; result: UnsubscribeResult } | { link: 'confirm-address'; result: AddressConfirmationResult };

/** Follows the link with its token; the page says what a refusal means, so no popup. */
export async function followMailLink(link: MailLink, token: string): Promise<MailLinkResult> {
  const options = { skipStatuses: 'all' } as const;
  return link === 'unsubscribe'
    ? { link, result: await callApi(unsubscribeFromMail, { query: { token } }, options) }
    : { link, result: await callApi(confirmMailAddress, { query: { token } }, options) };
}
