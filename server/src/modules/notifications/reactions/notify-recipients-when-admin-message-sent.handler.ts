import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import { accountIdsAfter } from '../../identity/reads.js';
import { notifications } from '../notifications.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { type AdminMessageSent, NOTIFICATION_STREAM, NotificationCreated } from '../events.js';
import { recipientsOf } from '../recipients.js';

/** Recipients per transaction: a segment of thousands never holds one long transaction. */
export const RECIPIENT_BATCH_SIZE = 500;

const ADMIN_MESSAGE_KIND = 'admin-message';

/**
 * Delivers an admin message: resolves its recipients now and makes one notification each, in batches
 * by user id. `(user_id, source_event_id)` is unique, so a repeated delivery inserts nothing and appends
 * nothing. Each NotificationCreated is pushed (`unread.changed`) by the relay.
 */
@Injectable()
@JobHandler('notify-recipients-when-admin-message-sent')
export class NotifyRecipientsWhenAdminMessageSentHandler implements HandlesJob<StoredEvent> {
  constructor(private readonly eventStore: EventStore) {}

  async handle(event: StoredEvent): Promise<void> {
    const message = event.data as AdminMessageSent['data'];
    const meta = { actorId: message.sentBy, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    const now = new Date();
    let after: string | null = null;
    for (;;) {
      const recipientIds = await this.eventStore.commit(meta, async ({ tx, appendToStreams }) => {
        const audience = await recipientsOf(tx, message.target, now);
        const batch = audience ? (await accountIdsAfter(tx, audience, after, RECIPIENT_BATCH_SIZE)).map((id) => ({ id })) : [];
        if (batch.length === 0) return [];
        const createdAt = new Date();
        const inserted = await tx
          .insert(notifications)
          .values(
            batch.map(({ id: userId }) => ({
              id: randomUUID(),
              userId,
              kind: ADMIN_MESSAGE_KIND,
              title: message.title,
              body: message.body,
              link: message.link,
              sourceEventId: event.id,
              createdAt,
            })),
          )
          .onConflictDoNothing({ target: [notifications.userId, notifications.sourceEventId] })
          .returning({ id: notifications.id, userId: notifications.userId });
        await appendToStreams(
          inserted.map((row) => ({
            stream: { streamType: NOTIFICATION_STREAM, streamId: row.id, expectedVersion: 0 },
            events: [
              new NotificationCreated({ notificationId: row.id, userId: row.userId, kind: ADMIN_MESSAGE_KIND, title: message.title, link: message.link, sourceEventId: event.id }),
            ],
          })),
        );
        return batch.map((row) => row.id);
      });
      if (recipientIds.length < RECIPIENT_BATCH_SIZE) return;
      after = recipientIds.at(-1)!;
    }
  }
}
