import { Query } from '@nestjs/cqrs';
import type { FeedPage, FeedPageQuery } from '../../../../contracts/notifications.js';

/** Live announcements, newest first; `userId` null for a visitor (then nothing is read). */
export class ListAnnouncementsQuery extends Query<FeedPage> {
  constructor(
    readonly userId: string | null,
    readonly page: FeedPageQuery,
  ) {
    super();
  }
}
