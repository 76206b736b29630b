import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  /**
   * Every TERMS_VERSION the learner accepted (AgreementAccepted on their stream): the session lookup asks
   * whether the current one is among them, while `has_accepted_agreements` only remembers that they once did.
   */
  acceptedTermsVersions: text('accepted_terms_versions').array().notNull().default([]),
  canMigrateFromCloudCampus: boolean('can_migrate_from_cloud_campus').notNull().default(false),
  /** The e-mail address the identity provider vouches for (email_verified), refreshed at each login; Cloud Campus records are matched on it. */
  verifiedEmail: text('verified_email'),
  streamVersion: integer('stream_version').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idToken: text('id_token'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** A login in flight between the redirect to the provider and its callback. */
export const loginAttempts = pgTable('login_attempts', {
  tokenHash: text('token_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});
