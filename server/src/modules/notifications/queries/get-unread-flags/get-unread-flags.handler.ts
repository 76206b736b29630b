import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UnreadFlags } from '../../../../contracts/notifications.js';
import { GetUnreadFlagsQuery } from './get-unread-flags.query.js';

/** Notifications and announcements arrive with the notifications issue; until then nothing is unread. */
@QueryHandler(GetUnreadFlagsQuery)
export class GetUnreadFlagsHandler implements IQueryHandler<GetUnreadFlagsQuery> {
  async execute(): Promise<UnreadFlags> {
    return { hasUnreadNotifications: false, hasUnreadAnnouncements: false };
  }
}
