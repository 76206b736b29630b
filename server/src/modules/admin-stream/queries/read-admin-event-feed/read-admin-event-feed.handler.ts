import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'drizzle-orm';
import type { AdminEventFeed } from '../../../../contracts/admin-events.js';
import { type DatabaseConnection, rowsOf } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../../database/event-row.js';
import { adminEventView } from '../../admin-event-view.js';
import { formatFeedCursor, laterCursor, parseFeedCursor, readFeedHorizon } from '../../feed-cursor.js';
import { ReadAdminEventFeedQuery } from './read-admin-event-feed.query.js';

/**
 * The live stream read from the table, not from pushes: a console that missed pushes (a process killed
 * between its commit and its push, a socket reconnecting) asks again from its cursor and gets each event
 * once. Not by seq alone: seq is taken at insert, so a transaction still open can commit a lower seq after
 * a higher one was read; below the horizon (feed-cursor.ts) none is open.
 */
@QueryHandler(ReadAdminEventFeedQuery)
export class ReadAdminEventFeedHandler implements IQueryHandler<ReadAdminEventFeedQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ request }: ReadAdminEventFeedQuery): Promise<AdminEventFeed> {
    const after = parseFeedCursor(request.after);
    const { horizon, held } = await readFeedHorizon(this.connection.db);
    // On events_transaction_seq_idx: one range scan from the cursor, whatever the length of the log.
    const rows = await rowsOf<EventRow & { transaction_id: string }>(
      this.connection.db,
      sql`select seq, id, stream_type, stream_id, version, type, data, meta, occurred_at, transaction_id::text as transaction_id
            from events
           where (transaction_id, seq) > (${after.transactionId.toString()}::xid8, ${after.seq}::bigint)
             and transaction_id < ${horizon.transactionId.toString()}::xid8
           order by transaction_id, seq
           limit ${request.limit + 1}`,
    );
    const items = rows.slice(0, request.limit);
    const caughtUp = rows.length <= request.limit;
    const last = items.at(-1);
    // Caught up, the cursor moves to the horizon, past the quiet stretch, so the next read starts there.
    const cursor = caughtUp
      ? laterCursor(after, horizon)
      : { transactionId: BigInt(last!.transaction_id), seq: Number(last!.seq) };
    return { items: items.map((row) => adminEventView(toStoredEvent(row))), cursor: formatFeedCursor(cursor), caughtUp, held: caughtUp && held };
  }
}
