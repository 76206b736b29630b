import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '../../../../common/errors/app-error.js';
import type { SentNotification } from '../../../../contracts/admin-notifications.js';
import { EventStore } from '../../../../database/event-store.js';
import { ADMIN_MESSAGE_STREAM, AdminMessageSent } from '../../events.js';
import { countRecipients } from '../../recipients.js';
import { SendAdminMessageCommand } from './send-admin-message.command.js';

export const UNKNOWN_EMAIL_MESSAGE = 'このメールアドレスの学習者が見つかりません';

/**
 * Records the message as one event; the reaction `notify-recipients-when-admin-message-sent` resolves
 * the recipients when it runs and makes their notifications. The count answered is the one at send time.
 */
@CommandHandler(SendAdminMessageCommand)
export class SendAdminMessageHandler implements ICommandHandler<SendAdminMessageCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ adminId, request, meta }: SendAdminMessageCommand): Promise<SentNotification> {
    const messageId = randomUUID();
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const recipientCount = await countRecipients(tx, request.target, new Date());
      if (request.target.kind === 'user' && recipientCount === 0) throw new AppError('NOT_FOUND', UNKNOWN_EMAIL_MESSAGE, 'target.email');
      await append({ streamType: ADMIN_MESSAGE_STREAM, streamId: messageId, expectedVersion: 0 }, [
        new AdminMessageSent({ messageId, title: request.title, body: request.body, link: request.link ?? null, target: request.target, sentBy: adminId }),
      ]);
      return { messageId, recipientCount };
    });
  }
}
