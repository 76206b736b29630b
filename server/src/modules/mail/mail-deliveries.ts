import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { EventStore, type StoredEvent } from '../../database/event-store.js';
import { learnerContact } from '../identity/reads.js';
import { type DeliveryKind, MailSent } from './events.js';
import { mailDeliveries } from './mail.schema.js';
import { isConfirmedAddress } from './mail-addresses.js';
import { preferencesOf } from './mail-preferences.js';
import { MailTokenSecret } from './mail-token-secret.js';
import { MailTransport } from './mail-transport.js';
import type { MailText } from './texts/mail-texts.js';
import { signUnsubscribeToken } from './mail-tokens.js';

export const MAIL_STREAM = 'mail';

/** What a reaction hands over: who, which kind, and how to write the mail once it is known to be owed. */
export interface OwedMail {
  kind: DeliveryKind;
  userId: string;
  /** The event the mail tells of: with the kind (and the learner, for one mailed to many), the mail's identity. */
  event: StoredEvent;
  fanOut?: true;
  /** The mail's words (and attachments) for this recipient; `unsubscribeUrl` is set for every kind but the certificate and the address confirmation. */
  compose(recipient: { holderName: string; address: string; unsubscribeUrl: string | null }): Promise<{ text: MailText; attachments?: Attachment[] } | null>;
}

/** Control characters never reach a header (a CR/LF in a name would start a new one). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const headerSafe = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/ {2,}/g, ' ').trim();

/**
 * Sends each owed mail once per message key `<kind>@<event id>`: a row in `mail_deliveries` records it, and
 * a job that finds it `sent` (or `skipped`) sends nothing. The Message-ID is derived from the same
 * key, so a mail a crash made the worker send twice (accepted by SMTP, killed before the row said so) still
 * reads as one message to the recipient's mail system. An SMTP failure is recorded on the row and thrown:
 * BullMQ retries with backoff, and after its attempts the job waits in the queue health's failed list.
 */
@Injectable()
export class MailDeliveries {
  private readonly logger = new Logger(MailDeliveries.name);

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly eventStore: EventStore,
    private readonly transport: MailTransport,
    private readonly secret: MailTokenSecret,
  ) {}

  /** `<kind>@<event id>`, and `/<learner>` for an event that is mailed to many (an announcement). */
  static messageKeyOf(kind: DeliveryKind, eventId: string, fanOutTo?: string): string {
    return fanOutTo ? `${kind}@${eventId}/${fanOutTo}` : `${kind}@${eventId}`;
  }

  async deliver(owed: OwedMail): Promise<void> {
    const db = this.connection.db;
    const messageKey = MailDeliveries.messageKeyOf(owed.kind, owed.event.id, owed.fanOut ? owed.userId : undefined);
    const [known] = await db.select({ status: mailDeliveries.status }).from(mailDeliveries).where(eq(mailDeliveries.messageKey, messageKey));
    if (known && known.status !== 'pending') return;

    const skip = (reason: string) => this.record(messageKey, owed, 'skipped', reason);
    if (!this.transport.configured) return skip('SMTP_URL is not set');
    const contact = await learnerContact(db, { userId: owed.userId });
    if (!contact?.email) return skip('no e-mail address');
    const address = contact.email.toLowerCase();
    if (owed.kind !== 'address') {
      if (!(await preferencesOf(db, owed.userId))[owed.kind]) return skip('turned off by the learner');
      if (!(await isConfirmedAddress(db, owed.userId, address, contact.verifiedEmail))) return skip('address not confirmed');
    }

    const holderName = headerSafe(`${contact.lastName} ${contact.firstName}`) || 'ご利用者';
    // The certificate itself (and an address confirmation) carry no unsubscribe link; the profile still turns them off.
    const kind = owed.kind;
    const token = kind === 'certificate' || kind === 'address' ? null : signUnsubscribeToken(this.secret.get(), { userId: owed.userId, kind }, new Date());
    const unsubscribeUrl = token && `${this.config.publicOrigin}/mail/unsubscribe?token=${token}`;
    const mail = await owed.compose({ holderName, address, unsubscribeUrl });
    if (!mail) return skip('nothing to tell any more');

    await this.record(messageKey, owed, 'pending', null);
    const messageId = `<${createHash('sha256').update(messageKey).digest('hex').slice(0, 40)}@${new URL(this.config.publicOrigin).hostname}>`;
    try {
      await this.transport.send({
        to: { name: holderName, address: headerSafe(address) },
        subject: mail.text.subject,
        text: mail.text.text,
        html: mail.text.html,
        attachments: mail.attachments,
        messageId,
        // RFC 8058: the mail app POSTs `List-Unsubscribe=One-Click` to this URL, without cookies.
        headers: token ? { 'List-Unsubscribe': `<${this.config.publicOrigin}/api/v1/mail/unsubscribe?token=${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(mailDeliveries)
        .set({ attempts: sql`${mailDeliveries.attempts} + 1`, lastError: reason.slice(0, 500) })
        .where(eq(mailDeliveries.messageKey, messageKey));
      this.logger.warn({ messageKey, reason }, 'mail not sent; the job is retried');
      throw error;
    }
    const meta = { actorId: null, requestId: null, correlationId: owed.event.meta.correlationId, causationId: owed.event.id };
    await this.eventStore.commit(meta, async ({ tx, append }) => {
      await tx
        .update(mailDeliveries)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailDeliveries.attempts} + 1`, lastError: null })
        .where(eq(mailDeliveries.messageKey, messageKey));
      await append({ streamType: MAIL_STREAM, streamId: messageKey, expectedVersion: 0 }, [new MailSent({ userId: owed.userId, kind: owed.kind, messageKey, messageId })]);
    });
  }

  private async record(messageKey: string, owed: OwedMail, status: 'pending' | 'skipped', reason: string | null): Promise<void> {
    await this.connection.db
      .insert(mailDeliveries)
      .values({ messageKey, userId: owed.userId, kind: owed.kind, sourceEventId: owed.event.id, status, lastError: reason, createdAt: new Date() })
      // A retry keeps the last failure's reason until it succeeds (the queue health and the finder read it).
      .onConflictDoUpdate({ target: mailDeliveries.messageKey, set: status === 'pending' ? { status } : { status, lastError: reason }, where: sql`${mailDeliveries.status} = 'pending'` });
  }
}

