import { Command } from '@nestjs/cqrs';
import type { MarkedRead } from '../../../../contracts/notifications.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** Records the learner's reading of live announcements: all unread ones, or the one being viewed. */
export class MarkAnnouncementsReadCommand extends Command<MarkedRead> {
  constructor(
    readonly userId: string,
    readonly meta: EventMeta,
    readonly onlyAnnouncementId?: string,
  ) {
    super();
  }
}
