import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { learnerContact } from '../../identity/reads.js';
import { isConfirmedAddress } from '../mail-addresses.js';
import { MailDeliveries } from '../mail-deliveries.js';
import { MailTokenSecret } from '../mail-token-secret.js';
import { signAddressToken } from '../mail-tokens.js';
import { addressConfirmationMail } from '../texts/mail-texts.js';

/**
 * A profile saved with an address the identity provider does not vouch for, and not confirmed before, is
 * sent the one mail it may get unconfirmed: a link that confirms it. Read at sending time, so an address
 * changed again meanwhile is not asked about.
 */
@Injectable()
@JobHandler('confirm-mail-address-when-profile-updated')
export class ConfirmMailAddressWhenProfileUpdatedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: MailDeliveries,
    private readonly secret: MailTokenSecret,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const userId = event.streamId;
    const saved = (event.data as { email?: string }).email?.toLowerCase();
    const contact = await learnerContact(this.connection.db, { userId });
    if (!contact?.email || !saved || contact.email.toLowerCase() !== saved) return;
    if (await isConfirmedAddress(this.connection.db, userId, saved, contact.verifiedEmail)) return;
    await this.deliveries.deliver({
      kind: 'address',
      userId,
      event,
      compose: async ({ holderName, address }) =>
        address !== saved
          ? null
          : {
              text: addressConfirmationMail({
                siteName: this.config.siteName,
                holderName,
                address,
                confirmUrl: `${this.config.publicOrigin}/mail/confirm?token=${signAddressToken(this.secret.get(), { userId, address }, new Date())}`,
              }),
            },
    });
  }
}
