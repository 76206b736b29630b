import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AddressConfirmationResult } from '../../../../contracts/mail.js';
import { AppError } from '../../../../core/errors/app-error.js';
import { EventStore } from '../../../../database/event-store.js';
import { learnerContact } from '../../../identity/reads.js';
import { MailAddressConfirmed } from '../../events.js';
import { mailAddressConfirmations } from '../../mail.schema.js';
import { appendToOwnStream } from '../../mail-preference-stream.js';
import { MailTokenSecret } from '../../mail-token-secret.js';
import { checkAddressToken } from '../../mail-tokens.js';
import { ConfirmMailAddressCommand } from './confirm-mail-address.command.js';

/**
 * The link mailed to a new profile address: it confirms that address for that learner, as long as it is
 * still their profile's. The signed token is the authority (no session); a tampered or old one changes nothing.
 */
@CommandHandler(ConfirmMailAddressCommand)
export class ConfirmMailAddressHandler implements ICommandHandler<ConfirmMailAddressCommand> {
  constructor(
    private readonly eventStore: EventStore,
    private readonly secret: MailTokenSecret,
  ) {}

  async execute({ token, meta }: ConfirmMailAddressCommand): Promise<AddressConfirmationResult> {
    const check = checkAddressToken(this.secret.get(), token, new Date());
    if (!check.ok && check.reason === 'expired') {
      throw new AppError('MAIL_LINK_EXPIRED', 'この確認リンクは有効期限が切れています。プロフィールでメールアドレスを保存し直すと、新しいリンクをお送りします。', 'token');
    }
    if (!check.ok) throw new AppError('MAIL_LINK_INVALID', 'この確認リンクは正しくありません。メールのリンクをそのまま開いてください。', 'token');
    const { userId, address } = check.claim;
    return this.eventStore.commit({ ...meta, actorId: userId }, async (unit) => {
      const contact = await learnerContact(unit.tx, { userId });
      if (contact?.email?.toLowerCase() !== address) {
        throw new AppError('MAIL_LINK_INVALID', 'このメールアドレスは、いまのプロフィールのメールアドレスではありません。', 'token');
      }
      const inserted = await unit.tx
        .insert(mailAddressConfirmations)
        .values({ userId, address, confirmedAt: new Date() })
        .onConflictDoNothing()
        .returning({ address: mailAddressConfirmations.address });
      if (inserted.length > 0) await appendToOwnStream(unit, userId, new MailAddressConfirmed({ userId, address }));
      return { address };
    });
  }
}
