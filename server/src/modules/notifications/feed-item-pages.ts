import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { isFeedId } from './feed-ids.js';
import { announcementIsLive } from './feed-view.js';
import { announcements, notifications } from './notifications.schema.js';

/**
 * Whether the item a feed page address names (/notifications/{general|personal}/{id}) is there, by the
 * rules of its API: a live announcement for anyone, a notification for its learner only. Otherwise the
 * page is an HTTP 404 (common/http/page-status.ts). One indexed lookup per page loaded from the server.
 */
@Injectable()
export class FeedItemPages {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async announcementIsLive(announcementId: string): Promise<boolean> {
    if (!isFeedId(announcementId)) return false;
    const rows = await this.connection.db
      .select({ found: sql<number>`1` })
      .from(announcements)
      .where(and(eq(announcements.id, announcementId), announcementIsLive(new Date())))
      .limit(1);
    return rows.length > 0;
  }

  async notificationIsFor(userId: string, notificationId: string): Promise<boolean> {
    if (!isFeedId(notificationId)) return false;
    const rows = await this.connection.db
      .select({ found: sql<number>`1` })
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }
}
