import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq, isNull, not } from 'drizzle-orm';
import type { UnreadFlags } from '../../../../contracts/notifications.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { announcements, notifications } from '../../../../database/schema.js';
import { announcementIsLive, announcementIsRead } from '../../feed-view.js';
import { GetUnreadFlagsQuery } from './get-unread-flags.query.js';

/**
 * Personal: any notification without read_at. General: any live announcement unread by the rule in
 * feed-view (published after the learner's account was made and not read), so a new learner starts clean.
 */
@QueryHandler(GetUnreadFlagsQuery)
export class GetUnreadFlagsHandler implements IQueryHandler<GetUnreadFlagsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId }: GetUnreadFlagsQuery): Promise<UnreadFlags> {
    // One row is enough to know; the partial index on unread rows answers the first.
    const [unreadNotification, unreadAnnouncement] = await Promise.all([
      this.connection.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .limit(1),
      this.connection.db
        .select({ id: announcements.id })
        .from(announcements)
        .where(and(announcementIsLive(new Date()), not(announcementIsRead(userId))))
        .limit(1),
    ]);
    return { hasUnreadNotifications: unreadNotification.length > 0, hasUnreadAnnouncements: unreadAnnouncement.length > 0 };
  }
}
