import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, xid8 } from './columns.js';

/** The append-only event log: the source of truth for every state change (ARCHITECTURE §4). */
export const events = pgTable(
  'events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: uuid('id').notNull().unique(),
    streamType: text('stream_type').notNull(),
    streamId: text('stream_id').notNull(),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    meta: jsonb('meta').notNull(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    relayedAt: timestamptz('relayed_at'),
    /**
     * The transaction that appended the event. `seq` is taken at insert, not at commit, so a lower seq can
     * become visible after a higher one; below `pg_snapshot_xmin` every transaction has ended, so the admin
     * feed reads in (transaction_id, seq) order up to there and never steps over one still open.
     */
    transactionId: xid8('transaction_id').notNull().default(sql`pg_current_xact_id()`),
    /** The learner the event concerns (`concernedUserId` in modules/admin-stream/admin-event-view.ts), kept by PostgreSQL so the admin history filters by index. */
    concernedUserId: text('concerned_user_id').generatedAlwaysAs(
      sql`coalesce(case when jsonb_typeof(data->'userId') = 'string' then data->>'userId' end, meta->>'actorId', case when stream_type = 'user' then stream_id end)`,
    ),
  },
  (table) => [
    uniqueIndex('events_stream_version_key').on(table.streamType, table.streamId, table.version),
    index('events_unrelayed_idx').on(table.seq).where(sql`${table.relayedAt} is null`),
    index('events_type_idx').on(table.type, table.seq),
    index('events_concerned_user_idx').on(table.concernedUserId, table.seq),
    index('events_transaction_seq_idx').on(table.transactionId, table.seq),
  ],
);
