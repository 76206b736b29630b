import { Command } from '@nestjs/cqrs';
import type { PublishAnnouncementRequest, PublishedAnnouncement } from '../../../../contracts/announcements.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin publishes an announcement, now or at a later `publishAt`. */
export class PublishAnnouncementCommand extends Command<PublishedAnnouncement> {
  constructor(
    readonly adminId: string,
    readonly request: PublishAnnouncementRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
