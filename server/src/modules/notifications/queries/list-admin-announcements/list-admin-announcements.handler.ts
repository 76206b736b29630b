import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { count, desc } from 'drizzle-orm';
import type { AdminAnnouncementPage } from '../../../../contracts/announcements.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { announcements } from '../../notifications.schema.js';
import { adminAnnouncementColumns, toAdminAnnouncement } from '../../admin-announcement-view.js';
import { ListAdminAnnouncementsQuery } from './list-admin-announcements.query.js';

@QueryHandler(ListAdminAnnouncementsQuery)
export class ListAdminAnnouncementsHandler implements IQueryHandler<ListAdminAnnouncementsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ page }: ListAdminAnnouncementsQuery): Promise<AdminAnnouncementPage> {
    const [rows, [counted]] = await Promise.all([
      this.connection.db
        .select(adminAnnouncementColumns)
        .from(announcements)
        .orderBy(desc(announcements.publishAt), desc(announcements.id))
        .limit(page.limit)
        .offset(page.offset),
      this.connection.db.select({ total: count() }).from(announcements),
    ]);
    const now = new Date();
    return { items: rows.map((row) => toAdminAnnouncement(row, now)), total: counted?.total ?? 0, limit: page.limit, offset: page.offset };
  }
}
