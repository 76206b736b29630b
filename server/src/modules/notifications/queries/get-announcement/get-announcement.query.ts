import { Query } from '@nestjs/cqrs';
import type { FeedItem } from '../../../../contracts/notifications.js';

/** One live announcement (404 while scheduled, once unpublished, or for a malformed id). */
export class GetAnnouncementQuery extends Query<FeedItem> {
  constructor(
    readonly userId: string | null,
    readonly announcementId: string,
  ) {
    super();
  }
}
