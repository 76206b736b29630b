import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { userKey } from '../identity/reads.js';

/**
 * One row per mail the campus owes a learner, keyed by the message key `<kind>@<event id>`: a retried or
 * re-derived job finds its row and sends nothing twice once it is `sent`. `skipped`: nothing to send (the
 * learner opted out, has no address, or the campus has no SMTP server).
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    messageKey: text('message_key').primaryKey(),
    userId: uuid('user_id').notNull().references(userKey, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sourceEventId: uuid('source_event_id').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'skipped'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed (the SMTP server's answer), for the queue health page. */
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [index('mail_deliveries_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`)],
);

/**
 * The announcement mailings (one per AnnouncementPublished event marked for mail): how often the fan-out ran,
 * and when it reached everyone. Without `finished_at`, the reconciler re-derives its job (lost with Redis, or
 * failed through its retries), until it has run 25 times (the finder's give-up count).
 */
export const mailFanOuts = pgTable('mail_fan_outs', {
  eventId: uuid('event_id').primaryKey(),
  runs: integer('runs').notNull().default(0),
  finishedAt: timestamptz('finished_at'),
});

/**
 * Addresses a learner confirmed by following the link mailed to them (lower-cased). The address the identity
 * provider vouches for needs none; any other profile address gets no mail but the confirmation until it is here.
 */
export const mailAddressConfirmations = pgTable(
  'mail_address_confirmations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(userKey, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    confirmedAt: timestamptz('confirmed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.address] })],
);

/** What each learner wants mailed; no row is the defaults (`MAIL_KIND_DEFAULTS`). */
export const mailPreferences = pgTable('mail_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(userKey, { onDelete: 'cascade' }),
  certificate: boolean('certificate').notNull(),
  expiry: boolean('expiry').notNull(),
  revocation: boolean('revocation').notNull(),
  announcement: boolean('announcement').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});
