import { Command } from '@nestjs/cqrs';
import type { AdminAnnouncement, UpdateAnnouncementRequest } from '../../../../contracts/announcements.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin rewrites an announcement's title, body and link, and may move a scheduled one's publish time. */
export class EditAnnouncementCommand extends Command<AdminAnnouncement> {
  constructor(
    readonly adminId: string,
    readonly announcementId: string,
    readonly request: UpdateAnnouncementRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
