import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { AdminAnnouncement } from '../../../../contracts/announcements.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { announcements } from '../../notifications.schema.js';
import { adminAnnouncementColumns, toAdminAnnouncement } from '../../admin-announcement-view.js';
import { isFeedId } from '../../feed-ids.js';
import { GetAdminAnnouncementQuery } from './get-admin-announcement.query.js';

@QueryHandler(GetAdminAnnouncementQuery)
export class GetAdminAnnouncementHandler implements IQueryHandler<GetAdminAnnouncementQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ announcementId }: GetAdminAnnouncementQuery): Promise<AdminAnnouncement> {
    if (!isFeedId(announcementId)) throw notFound('お知らせ');
    const [row] = await this.connection.db.select(adminAnnouncementColumns).from(announcements).where(eq(announcements.id, announcementId));
    if (!row) throw notFound('お知らせ');
    return toAdminAnnouncement(row, new Date());
  }
}
