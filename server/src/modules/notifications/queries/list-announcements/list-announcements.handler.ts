import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { count, desc } from 'drizzle-orm';
import type { FeedPage } from '../../../../contracts/notifications.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { announcements } from '../../notifications.schema.js';
import { announcementColumns, announcementIsLive, announcementToFeedItem } from '../../feed-view.js';
import { ListAnnouncementsQuery } from './list-announcements.query.js';

@QueryHandler(ListAnnouncementsQuery)
export class ListAnnouncementsHandler implements IQueryHandler<ListAnnouncementsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, page }: ListAnnouncementsQuery): Promise<FeedPage> {
    const live = announcementIsLive(new Date());
    const [rows, [counted]] = await Promise.all([
      this.connection.db
        .select(announcementColumns(userId))
        .from(announcements)
        .where(live)
        .orderBy(desc(announcements.publishAt), desc(announcements.id))
        .limit(page.limit)
        .offset(page.offset),
      this.connection.db.select({ total: count() }).from(announcements).where(live),
    ]);
    return { items: rows.map(announcementToFeedItem), total: counted?.total ?? 0, limit: page.limit, offset: page.offset };
  }
}
