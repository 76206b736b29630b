import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';

/** Our own short links for sharing: /s/<code> redirects to a URL of this site. */
export const shortLinks = pgTable('short_links', {
  code: text('code').primaryKey(),
  url: text('url').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
