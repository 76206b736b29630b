import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { certificates, courses, users } from '../../database/schema.js';

/**
 * The Open Badges 3.0 credential of each certificate, signed once when it is issued: the compact
 * VC-JWT is the credential (the JSON served is its `vc` claim), so a row never changes afterwards.
 */
export const openBadgeCredentials = pgTable(
  'open_badge_credentials',
  {
    id: uuid('id').primaryKey(),
    /** One credential per certificate: the key that makes issuing idempotent. */
    certificateId: uuid('certificate_id')
      .notNull()
      .unique()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    jwt: text('jwt').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('open_badge_credentials_user_idx').on(table.userId)],
);
