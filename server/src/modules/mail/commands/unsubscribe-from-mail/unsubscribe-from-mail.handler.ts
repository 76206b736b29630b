import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { UnsubscribeResult } from '../../../../contracts/mail.js';
import { MAIL_KIND_LABELS } from '../../../../contracts/mail-kinds.js';
import { AppError } from '../../../../core/errors/app-error.js';
import { EventStore } from '../../../../database/event-store.js';
import { learnerContact } from '../../../identity/reads.js';
import { MailUnsubscribed } from '../../events.js';
import { appendToOwnStream } from '../../mail-preference-stream.js';
import { MailTokenSecret } from '../../mail-token-secret.js';
import { preferencesOf, savePreferences } from '../../mail-preferences.js';
import { checkUnsubscribeToken } from '../../mail-tokens.js';
import { UnsubscribeFromMailCommand } from './unsubscribe-from-mail.command.js';

/**
 * A mail's one-click unsubscribe: the signed token names the learner and the kind, and is the whole
 * authority (no session). A tampered or expired token changes nothing. Repeating it is harmless.
 */
@CommandHandler(UnsubscribeFromMailCommand)
export class UnsubscribeFromMailHandler implements ICommandHandler<UnsubscribeFromMailCommand> {
  constructor(
    private readonly eventStore: EventStore,
    private readonly secret: MailTokenSecret,
  ) {}

  async execute({ token, meta }: UnsubscribeFromMailCommand): Promise<UnsubscribeResult> {
    const check = checkUnsubscribeToken(this.secret.get(), token, new Date());
    if (!check.ok && check.reason === 'expired') {
      throw new AppError('MAIL_LINK_EXPIRED', 'この配信停止リンクは有効期限が切れています。マイページのプロフィールの「メール通知」から設定してください。', 'token');
    }
    if (!check.ok) throw new AppError('MAIL_LINK_INVALID', 'この配信停止リンクは正しくありません。メールのリンクをそのまま開いてください。', 'token');
    const { userId, kind } = check.claim;
    return this.eventStore.commit({ ...meta, actorId: userId }, async (unit) => {
      // An account deleted since the mail was sent: nothing left to turn off.
      if (!(await learnerContact(unit.tx, { userId }))) throw new AppError('MAIL_LINK_INVALID', 'この配信停止リンクのアカウントは見つかりません。', 'token');
      const preferences = await preferencesOf(unit.tx, userId);
      if (preferences[kind]) {
        await savePreferences(unit.tx, userId, { ...preferences, [kind]: false });
        await appendToOwnStream(unit, userId, new MailUnsubscribed({ userId, kind }));
      }
      return { kind, label: MAIL_KIND_LABELS[kind] };
    });
  }
}
