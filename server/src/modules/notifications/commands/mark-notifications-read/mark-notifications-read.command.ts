import { Command } from '@nestjs/cqrs';
import type { MarkedRead } from '../../../../contracts/notifications.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** Marks the learner's unread notifications read: all of them, or the one being viewed. */
export class MarkNotificationsReadCommand extends Command<MarkedRead> {
  constructor(
    readonly userId: string,
    readonly meta: EventMeta,
    readonly onlyNotificationId?: string,
  ) {
    super();
  }
}
