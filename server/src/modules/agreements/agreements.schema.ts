import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { users } from '../identity/identity.schema.js';

export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsVersion: text('terms_version').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.termsVersion] })],
);
