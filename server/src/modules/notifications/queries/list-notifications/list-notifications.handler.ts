import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { count, desc, eq } from 'drizzle-orm';
import type { FeedPage } from '../../../../contracts/notifications.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { notifications } from '../../notifications.schema.js';
import { notificationColumns, notificationToFeedItem } from '../../feed-view.js';
import { ListNotificationsQuery } from './list-notifications.query.js';

@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, page }: ListNotificationsQuery): Promise<FeedPage> {
    const own = eq(notifications.userId, userId);
    const [rows, [counted]] = await Promise.all([
      this.connection.db
        .select(notificationColumns)
        .from(notifications)
        .where(own)
        // The id breaks ties so paging never repeats or skips a row made in the same instant.
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(page.limit)
        .offset(page.offset),
      this.connection.db.select({ total: count() }).from(notifications).where(own),
    ]);
    return { items: rows.map(notificationToFeedItem), total: counted?.total ?? 0, limit: page.limit, offset: page.offset };
  }
}
