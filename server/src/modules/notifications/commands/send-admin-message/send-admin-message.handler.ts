import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../../core/errors/app-error.js';
import type { SentNotification } from '../../../../contracts/admin-notifications.js';
import type { DatabaseConnection, DatabaseExecutor } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { EventStore } from '../../../../database/event-store.js';
import { events } from '../../../../database/events.schema.js';
import { ADMIN_MESSAGE_STREAM, AdminMessageSent } from '../../events.js';
import { countRecipients } from '../../recipients.js';
import { SendAdminMessageCommand } from './send-admin-message.command.js';

export const UNKNOWN_EMAIL_MESSAGE = 'このメールアドレスの学習者が見つかりません';

/** What the first send of `messageId` answered, from its recorded event; null when it was never sent. */
async function firstSend(db: DatabaseExecutor, messageId: string): Promise<SentNotification | null> {
  const [sent] = await db
    .select({ data: events.data })
    .from(events)
    .where(and(eq(events.streamType, ADMIN_MESSAGE_STREAM), eq(events.streamId, messageId), eq(events.type, 'AdminMessageSent')))
    .limit(1);
  if (!sent) return null;
  const data = sent.data as AdminMessageSent['data'];
  return { messageId, recipientCount: data.recipientCount };
}

/**
 * Records the message as one event; the reaction `notify-recipients-when-admin-message-sent` resolves
 * the recipients when it runs and makes their notifications. The count answered is the one at send time,
 * kept in the event so that a retry with the same `messageId` (the form's answer was lost) answers the
 * same without delivering twice.
 */
@CommandHandler(SendAdminMessageCommand)
export class SendAdminMessageHandler implements ICommandHandler<SendAdminMessageCommand> {
  constructor(
    private readonly eventStore: EventStore,
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
  ) {}

  async execute({ adminId, request, meta }: SendAdminMessageCommand): Promise<SentNotification> {
    const messageId = request.messageId ?? randomUUID();
    try {
      return await this.eventStore.commit(meta, async ({ tx, append }) => {
        const earlier = await firstSend(tx, messageId);
        if (earlier) return earlier;
        const recipientCount = await countRecipients(tx, request.target, new Date(), 'target.courseSlug');
        if (request.target.kind === 'user' && recipientCount === 0) throw new AppError('NOT_FOUND', UNKNOWN_EMAIL_MESSAGE, 'target.email');
        await append({ streamType: ADMIN_MESSAGE_STREAM, streamId: messageId, expectedVersion: 0 }, [
          new AdminMessageSent({ messageId, title: request.title, body: request.body, link: request.link ?? null, target: request.target, sentBy: adminId, recipientCount }),
        ]);
        return { messageId, recipientCount };
      });
    } catch (error) {
      // A retry racing the first send loses on the stream's version: answer what the first one recorded.
      if (error instanceof AppError && error.code === 'CONCURRENCY_CONFLICT') {
        const earlier = await firstSend(this.connection.db, messageId);
        if (earlier) return earlier;
      }
      throw error;
    }
  }
}
