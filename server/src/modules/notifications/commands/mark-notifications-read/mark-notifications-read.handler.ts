import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq, isNull } from 'drizzle-orm';
import type { MarkedRead } from '../../../../contracts/notifications.js';
import { EventStore } from '../../../../database/event-store.js';
import { notifications } from '../../notifications.schema.js';
import { NOTIFICATION_INBOX_STREAM, NotificationsRead } from '../../events.js';
import { lockedStreamVersion } from '../../per-user-stream.js';
import { MarkNotificationsReadCommand } from './mark-notifications-read.command.js';

@CommandHandler(MarkNotificationsReadCommand)
export class MarkNotificationsReadHandler implements ICommandHandler<MarkNotificationsReadCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ userId, meta, onlyNotificationId }: MarkNotificationsReadCommand): Promise<MarkedRead> {
    const markedCount = await this.eventStore.commit(meta, async ({ tx, append }) => {
      const version = await lockedStreamVersion(tx, NOTIFICATION_INBOX_STREAM, userId);
      const readAt = new Date();
      const unread = and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        onlyNotificationId ? eq(notifications.id, onlyNotificationId) : undefined,
      );
      const marked = await tx.update(notifications).set({ readAt }).where(unread).returning({ id: notifications.id });
      // Nothing was unread (a second tab, a repeat): not a new fact.
      if (marked.length === 0) return 0;
      const notificationIds = marked.map((row) => row.id);
      await append({ streamType: NOTIFICATION_INBOX_STREAM, streamId: userId, expectedVersion: version }, [
        new NotificationsRead({ userId, notificationIds, readAt: readAt.toISOString() }),
      ]);
      return notificationIds.length;
    });
    // Every open page of the learner drops its New badge: `unread.changed` is pushed from NotificationsRead after commit.
    return { markedCount };
  }
}
