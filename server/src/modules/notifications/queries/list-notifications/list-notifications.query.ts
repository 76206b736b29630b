import { Query } from '@nestjs/cqrs';
import type { FeedPage, FeedPageQuery } from '../../../../contracts/notifications.js';

/** The learner's personal notifications, newest first. */
export class ListNotificationsQuery extends Query<FeedPage> {
  constructor(
    readonly userId: string,
    readonly page: FeedPageQuery,
  ) {
    super();
  }
}
