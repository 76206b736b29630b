import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { userKey } from '../identity/reads.js';

export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(userKey, { onDelete: 'cascade' }),
    termsVersion: text('terms_version').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.termsVersion] })],
);
