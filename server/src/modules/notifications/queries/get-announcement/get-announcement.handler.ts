import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { FeedItem } from '../../../../contracts/notifications.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { announcements } from '../../notifications.schema.js';
import { isFeedId } from '../../feed-ids.js';
import { announcementColumns, announcementIsLive, announcementToFeedItem } from '../../feed-view.js';
import { GetAnnouncementQuery } from './get-announcement.query.js';

@QueryHandler(GetAnnouncementQuery)
export class GetAnnouncementHandler implements IQueryHandler<GetAnnouncementQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, announcementId }: GetAnnouncementQuery): Promise<FeedItem> {
    if (!isFeedId(announcementId)) throw notFound('お知らせ');
    const [row] = await this.connection.db
      .select(announcementColumns(userId))
      .from(announcements)
      .where(and(eq(announcements.id, announcementId), announcementIsLive(new Date())));
    if (!row) throw notFound('お知らせ');
    return announcementToFeedItem(row);
  }
}
