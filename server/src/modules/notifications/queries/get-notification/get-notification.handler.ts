import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { FeedItem } from '../../../../contracts/notifications.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { notifications } from '../../notifications.schema.js';
import { isFeedId } from '../../feed-ids.js';
import { notificationColumns, notificationToFeedItem } from '../../feed-view.js';
import { GetNotificationQuery } from './get-notification.query.js';

@QueryHandler(GetNotificationQuery)
export class GetNotificationHandler implements IQueryHandler<GetNotificationQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, notificationId }: GetNotificationQuery): Promise<FeedItem> {
    if (!isFeedId(notificationId)) throw notFound('お知らせ');
    const [row] = await this.connection.db
      .select(notificationColumns)
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)));
    if (!row) throw notFound('お知らせ');
    return notificationToFeedItem(row);
  }
}
