import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, sql, type SQL } from 'drizzle-orm';
import type { AdminEventPage } from '../../../../contracts/admin-events.js';
import { type DatabaseConnection, rowsOf } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../../database/event-row.js';
import { adminEventView } from '../../admin-event-view.js';
import { formatFeedCursor, readFeedHorizon } from '../../feed-cursor.js';
import { cursorPage } from './cursor-page.js';
import { ListAdminEventsQuery } from './list-admin-events.query.js';

@QueryHandler(ListAdminEventsQuery)
export class ListAdminEventsHandler implements IQueryHandler<ListAdminEventsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ filter }: ListAdminEventsQuery): Promise<AdminEventPage> {
    // Before the page: every event below the horizon is then on this page or an older one, and the feed
    // continues from it with the rest (an event on both is the same seq: the console shows it once).
    const { horizon } = await readFeedHorizon(this.connection.db);
    const conditions: SQL[] = [sql`true`];
    if (filter.before !== undefined) conditions.push(sql`seq < ${filter.before}`);
    if (filter.type) conditions.push(sql`type = ${filter.type}`);
    // The generated column `concerned_user_id` (indexed with seq) holds `concernedUserId` of each event.
    if (filter.userId) conditions.push(sql`concerned_user_id = ${filter.userId.toLowerCase()}`);
    const rows = await rowsOf<EventRow>(
      this.connection.db,
      sql`select seq, id, stream_type, stream_id, version, type, data, meta, occurred_at
            from events
           where ${and(...conditions)}
           order by seq desc
           limit ${filter.limit + 1}`,
    );
    const page = cursorPage(rows.map(toStoredEvent), filter.limit);
    return { items: page.items.map(adminEventView), nextBefore: page.nextBefore, feedCursor: formatFeedCursor(horizon) };
  }
}
