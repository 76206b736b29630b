import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { userKey } from '../identity/reads.js';

/**
 * What the campus's own pages report about their use (page views, events, goals): the first-party
 * analytics log admins read. Telemetry, not a domain fact — nothing is decided from it, it is
 * written at the rate pages are viewed and pruned after a while — so a plain table rather than the
 * event store, whose rows are kept forever and relayed to reactions.
 * Only the learner's id is kept (and only after the privacy policy was accepted): no IP address, no user agent.
 */
export const analyticsReports = pgTable(
  'analytics_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The page's clock, clamped to the day before receipt (a client clock is not to be trusted). */
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
    userId: uuid('user_id').references(userKey, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['page_view', 'event', 'goal'] }).notNull(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (table) => [
    index('analytics_reports_occurred_at_idx').on(table.occurredAt),
    index('analytics_reports_name_idx').on(table.name, table.id),
    index('analytics_reports_user_idx').on(table.userId, table.id).where(sql`${table.userId} is not null`),
  ],
);
