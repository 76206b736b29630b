import { eq, sql } from 'drizzle-orm';
import { loginRequired } from '../../core/errors/app-error.js';
import type { Transaction } from '../../database/connection.js';
import type { DomainEvent, StoredEvent, UnitOfWork } from '../../database/event-store.js';
import { USER_STREAM } from './events.js';
import { users } from './identity.schema.js';

/** What a fact of another module may change on the learner's row: the fields identity lets them set. */
export interface UserRowChange {
  lastName?: string;
  firstName?: string;
  lastNameKana?: string;
  firstNameKana?: string;
  email?: string;
  hasProfile?: boolean;
  hasAcceptedAgreements?: boolean;
  /** A TERMS_VERSION the learner accepted, added to the versions the row remembers. */
  acceptedTermsVersion?: string;
  canMigrateFromCloudCampus?: boolean;
}

/**
 * The user stream and `users` are identity's alone. Agreements, the profile and the Cloud Campus
 * migration decide their facts about a learner (their own events) and hand them here with the change
 * each makes to the learner's row, inside their own transaction: identity appends them to the
 * learner's stream at the version its row holds (the row locked, so a login meanwhile waits) and
 * applies the change, so the command's answer already shows it. Identity knows none of those modules:
 * the facts stay on the user stream, where the admin history and existing rows have always had them.
 */
export async function recordUserFacts({ tx, append }: UnitOfWork, userId: string, facts: DomainEvent[], change: UserRowChange): Promise<StoredEvent[]> {
  const [user] = await tx.select({ version: users.streamVersion }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw loginRequired();
  const stored = await append({ streamType: USER_STREAM, streamId: userId, expectedVersion: user.version }, facts);
  const { acceptedTermsVersion, ...fields } = change;
  await tx
    .update(users)
    .set({
      ...fields,
      ...(acceptedTermsVersion === undefined
        ? {}
        : { acceptedTermsVersions: sql`array_append(array_remove(${users.acceptedTermsVersions}, ${acceptedTermsVersion}), ${acceptedTermsVersion})` }),
      streamVersion: user.version + facts.length,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return stored;
}

/**
 * The Cloud Campus migration offered at sign-in. The records waiting for a verified e-mail are the
 * migration's (a module above identity), yet the learner who signs in with them sees the offer in the
 * login's own answer (`canMigrateFromCloudCampus` on `/me`, the popup), and the offer must be on the
 * stream in the same commit as the registration. So the sign-in asks through this port, which
 * CloudCampusMigrationModule implements; identity knows only that the fact raises its row's flag.
 * (After commit through the relay would leave `/me` without the offer for a moment after the login.)
 */
export interface MigrationOfferAtSignIn {
  /** The offer for the records waiting for this verified e-mail (a user-stream fact), or null when none wait. */
  offerFor(tx: Transaction, verifiedEmail: string): Promise<DomainEvent | null>;
}

export const MIGRATION_OFFER_AT_SIGN_IN = Symbol('MIGRATION_OFFER_AT_SIGN_IN');
