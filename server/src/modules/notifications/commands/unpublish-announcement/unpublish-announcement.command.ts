import { Command } from '@nestjs/cqrs';
import type { AdminAnnouncement } from '../../../../contracts/announcements.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin takes an announcement down; doing it again changes nothing. */
export class UnpublishAnnouncementCommand extends Command<AdminAnnouncement> {
  constructor(
    readonly adminId: string,
    readonly announcementId: string,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
