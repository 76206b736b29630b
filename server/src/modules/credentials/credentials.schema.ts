import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RevocationCategory } from '../../contracts/revocation-categories.js';
import { certificateKey } from '../certificates/reads.js';
import { courseKey } from '../catalogue/reads.js';
import { userKey } from '../identity/reads.js';

/**
 * The Open Badges 3.0 credential of each certificate, signed once when it is issued in two forms of the
 * same credential, by the same key: the compact JWT (`jwt`) and the JSON-LD credential with its embedded
 * Data Integrity proof (`data_integrity`). Neither ever changes. What changes is its revocation,
 * published through its bit of the status list (`status_list_index`).
 */
export const openBadgeCredentials = pgTable(
  'open_badge_credentials',
  {
    id: uuid('id').primaryKey(),
    /** One credential per certificate: the key that makes issuing idempotent. */
    certificateId: uuid('certificate_id')
      .notNull()
      .unique()
      .references(certificateKey, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(userKey, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(courseKey, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    jwt: text('jwt').notNull(),
    /**
     * The credential with its `eddsa-rdfc-2022` proof. Null for a credential issued before Data Integrity
     * proofs: it is signed when served (from the JWT's credential, `created` at its issue, so always alike).
     */
    dataIntegrity: jsonb('data_integrity').$type<Record<string, unknown>>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Its bit in status list 1, drawn at random so neighbouring bits tell nothing of who was issued when. */
    statusListIndex: integer('status_list_index').notNull().unique(),
    /** Set while revoked; the latest reason given by the admin (revoking or restoring). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revocationReason: text('revocation_reason'),
    /** Set while revoked: the reason's category, the one thing about it the public verification tells. */
    revocationCategory: text('revocation_category').$type<RevocationCategory>(),
    /**
     * The credential of the same badge line issued after this one (a renewal, 更新受験): set with
     * `superseded_at` when that one is issued. Superseded is not revoked: the status list leaves its bit clear.
     */
    supersededBy: uuid('superseded_by').references((): AnyPgColumn => openBadgeCredentials.id, { onDelete: 'set null' }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** The version of its `credential` stream this row reflects. */
    streamVersion: integer('stream_version').notNull().default(1),
  },
  (table) => [
    index('open_badge_credentials_user_idx').on(table.userId),
    // A new credential looks for the current one of its badge line (learner and course) to supersede.
    index('open_badge_credentials_line_idx').on(table.userId, table.courseId).where(sql`${table.supersededBy} is null`),
    // The status list is built from the revoked few at each request.
    index('open_badge_credentials_revoked_idx').on(table.statusListIndex).where(sql`${table.revokedAt} is not null`),
  ],
);

/**
 * A wallet offer (OpenID4VCI, pre-authorised code flow): the credential handed to the wallet that redeems
 * its code. Only SHA-256 hashes of the code and of the access token it buys are kept, so a copy of this
 * table redeems nothing. The code lives minutes and is used once (`redeemed_at`); the token lives minutes.
 */
export const walletOffers = pgTable(
  'wallet_offers',
  {
    id: uuid('id').primaryKey(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => openBadgeCredentials.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Until when the code may be redeemed; a newer offer of the same credential ends it at once. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    accessTokenHash: text('access_token_hash').unique(),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    /** When a wallet last fetched the credential with that token. */
    credentialIssuedAt: timestamp('credential_issued_at', { withTimezone: true }),
  },
  (table) => [
    // A new offer ends the credential's live ones.
    index('wallet_offers_credential_idx').on(table.credentialId),
    // Spent offers are deleted a day on, by creation date.
    index('wallet_offers_created_idx').on(table.createdAt),
  ],
);
