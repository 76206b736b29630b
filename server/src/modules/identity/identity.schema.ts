import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';

/** Read model of a learner or admin, projected from the `user` stream. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  subject: text('subject').notNull().unique(),
  lastName: text('last_name').notNull().default(''),
  firstName: text('first_name').notNull().default(''),
  lastNameKana: text('last_name_kana'),
  firstNameKana: text('first_name_kana'),
  email: text('email'),
  iconUrl: text('icon_url'),
  role: text('role', { enum: ['learner', 'admin'] }).notNull().default('learner'),
  hasProfile: boolean('has_profile').notNull().default(false),
  hasAcceptedAgreements: boolean('has_accepted_agreements').notNull().default(false),
  canMigrateFromCloudCampus: boolean('can_migrate_from_cloud_campus').notNull().default(false),
  /** The e-mail address the identity provider vouches for (email_verified), refreshed at each login; Cloud Campus records are matched on it. */
  verifiedEmail: text('verified_email'),
  streamVersion: integer('stream_version').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** The learner a row belongs to; the row goes with them. */
export const learnerColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
