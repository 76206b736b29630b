import type { MailPreferences } from '../../contracts/mail.js';
import type { MailKind } from '../../contracts/mail-kinds.js';
import { DomainEvent } from '../../database/event-store.js';

/** One stream per learner: their mail choices. */
export const MAIL_PREFERENCES_STREAM = 'mail-preferences';

/** The learner set which mails they want, on their profile. */
export class MailPreferencesChanged extends DomainEvent<{ userId: string; preferences: MailPreferences }> {
  readonly type = 'MailPreferencesChanged';
}

/** The learner turned one kind of mail off from a mail's own link (RFC 8058 one-click, or the page it opens). */
export class MailUnsubscribed extends DomainEvent<{ userId: string; kind: MailKind }> {
  readonly type = 'MailUnsubscribed';
}

/** A learner's kinds of mail, and the one mail an address gets before it is confirmed: its confirmation. */
export type DeliveryKind = MailKind | 'address';

/** A mail left for the SMTP server (accepted there); `messageKey` is `<kind>@<event id>`. */
export class MailSent extends DomainEvent<{ userId: string; kind: DeliveryKind; messageKey: string; messageId: string }> {
  readonly type = 'MailSent';
}

/** The learner followed the link mailed to a profile address that the identity provider does not vouch for. */
export class MailAddressConfirmed extends DomainEvent<{ userId: string; address: string }> {
  readonly type = 'MailAddressConfirmed';
}
