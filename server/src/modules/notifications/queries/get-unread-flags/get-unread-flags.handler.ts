import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq, isNull } from 'drizzle-orm';
import type { UnreadFlags } from '../../../../contracts/notifications.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { notifications } from '../../../../database/schema.js';
import { GetUnreadFlagsQuery } from './get-unread-flags.query.js';

/** Personal notifications are real; announcements arrive with the announcements issue and are never unread yet. */
@QueryHandler(GetUnreadFlagsQuery)
export class GetUnreadFlagsHandler implements IQueryHandler<GetUnreadFlagsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId }: GetUnreadFlagsQuery): Promise<UnreadFlags> {
    // One row is enough to know; the partial index on unread rows answers it.
    const unread = await this.connection.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .limit(1);
    return { hasUnreadNotifications: unread.length > 0, hasUnreadAnnouncements: false };
  }
}
