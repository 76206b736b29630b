import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

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
    /** The learner the event concerns (`concernedUserId` in realtime/admin-event-view.ts), kept by PostgreSQL so the admin history filters by index. */
    concernedUserId: text('concerned_user_id').generatedAlwaysAs(
      sql`coalesce(case when jsonb_typeof(data->'userId') = 'string' then data->>'userId' end, meta->>'actorId', case when stream_type = 'user' then stream_id end)`,
    ),
  },
  (table) => [
    uniqueIndex('events_stream_version_key').on(table.streamType, table.streamId, table.version),
    index('events_unrelayed_idx').on(table.seq).where(sql`${table.relayedAt} is null`),
    index('events_type_idx').on(table.type, table.seq),
    index('events_concerned_user_idx').on(table.concernedUserId, table.seq),
  ],
);
