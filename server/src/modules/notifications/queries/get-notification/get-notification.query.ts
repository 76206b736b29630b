import { Query } from '@nestjs/cqrs';
import type { FeedItem } from '../../../../contracts/notifications.js';

/** One of the learner's own notifications (404 for anyone else's or a malformed id). */
export class GetNotificationQuery extends Query<FeedItem> {
  constructor(
    readonly userId: string,
    readonly notificationId: string,
  ) {
    super();
  }
}
