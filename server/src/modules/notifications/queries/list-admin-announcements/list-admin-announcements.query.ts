import { Query } from '@nestjs/cqrs';
import type { AdminAnnouncementPage } from '../../../../contracts/announcements.js';
import type { FeedPageQuery } from '../../../../contracts/notifications.js';

/** Every announcement (scheduled, published, unpublished), newest publish time first. */
export class ListAdminAnnouncementsQuery extends Query<AdminAnnouncementPage> {
  constructor(readonly page: FeedPageQuery) {
    super();
  }
}
