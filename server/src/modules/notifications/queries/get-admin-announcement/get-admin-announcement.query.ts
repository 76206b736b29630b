import { Query } from '@nestjs/cqrs';
import type { AdminAnnouncement } from '../../../../contracts/announcements.js';

/** One announcement as admins see it, whatever its status (404 for an unknown or malformed id). */
export class GetAdminAnnouncementQuery extends Query<AdminAnnouncement> {
  constructor(readonly announcementId: string) {
    super();
  }
}
