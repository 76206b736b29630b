import { and, type AnyColumn, asc, count, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../contracts/current-user.js';
import type { DatabaseExecutor, Transaction } from '../../database/connection.js';
import { users } from './identity.schema.js';

/** What other modules may know of identity's `users`: each read below, and the key their tables reference. */

/** The column a learner's rows reference (`.references(userKey, …)`): the row goes with the user. */
export const userKey = () => users.id;

/**
 * Whether the user accepted this version of the terms (TERMS_VERSION), as a column of a query over
 * `users`. "Accepted" always means "accepted the current version": a new version asks every learner
 * again on their next request, while `has_accepted_agreements` only remembers that they once did.
 */
export const acceptedCurrentTerms = (termsVersion: string) =>
  sql<boolean>`(${termsVersion} = any(${users.acceptedTermsVersions}))`.mapWith(Boolean);

/** The `/me` shape as columns of `users`; the agreements count only in their current version. */
const currentUserColumns = (termsVersion: string) => ({
  lastName: users.lastName,
  firstName: users.firstName,
  iconUrl: users.iconUrl,
  hasProfile: users.hasProfile,
  hasAcceptedAgreements: acceptedCurrentTerms(termsVersion),
  canMigrateFromCloudCampus: users.canMigrateFromCloudCampus,
  role: users.role,
});

/** The current user as `/me` answers it, or null for an unknown id. */
export async function currentUser(db: DatabaseExecutor, userId: string, termsVersion: string): Promise<CurrentUser | null> {
  const [row] = await db.select(currentUserColumns(termsVersion)).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The same for many users in one query (the `user.updated` pushes of one commit). */
export async function currentUsers(db: DatabaseExecutor, userIds: readonly string[], termsVersion: string): Promise<Map<string, CurrentUser>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, ...currentUserColumns(termsVersion) })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map(({ id, ...user }) => [id, user]));
}

export interface UserProfileRow {
  hasProfile: boolean;
  lastName: string;
  firstName: string;
  lastNameKana: string | null;
  firstNameKana: string | null;
  email: string | null;
  verifiedEmail: string | null;
  iconUrl: string | null;
}

/** The profile fields of a user as stored (null for an unknown id). */
export async function userProfile(db: DatabaseExecutor, userId: string): Promise<UserProfileRow | null> {
  const [row] = await db
    .select({
      hasProfile: users.hasProfile,
      lastName: users.lastName,
      firstName: users.firstName,
      lastNameKana: users.lastNameKana,
      firstNameKana: users.firstNameKana,
      email: users.email,
      verifiedEmail: users.verifiedEmail,
      iconUrl: users.iconUrl,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The id of the user the identity provider knows by this subject, or null. */
export async function userIdBySubject(db: DatabaseExecutor, subject: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.subject, subject));
  return row?.id ?? null;
}

export interface LearnerContact {
  userId: string;
  email: string | null;
  /** The address the identity provider vouches for (lower-cased), null when it vouches for none. */
  verifiedEmail: string | null;
  lastName: string;
  firstName: string;
}

/**
 * A learner (never an admin) by id, or by an e-mail address matched without case against the
 * profile's address or the one the provider vouches for; null when none.
 */
export async function learnerContact(db: DatabaseExecutor, which: { userId: string } | { email: string }): Promise<LearnerContact | null> {
  const learner: SQL =
    'userId' in which
      ? eq(users.id, which.userId)
      : or(sql`lower(${users.email}) = ${which.email.toLowerCase()}`, sql`lower(${users.verifiedEmail}) = ${which.email.toLowerCase()}`)!;
  const [row] = await db
    .select({ userId: users.id, email: users.email, verifiedEmail: users.verifiedEmail, lastName: users.lastName, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.role, 'learner'), learner))
    .limit(1);
  return row ?? null;
}

/** The learner's name as the admin lists print it ("姓 名"), null when they have none; correlated to the user id the outer query passes. */
export const learnerNameOf = (userId: SQL | AnyColumn): SQL<string | null> =>
  sql<string | null>`(select nullif(trim(concat_ws(' ', ${users.lastName}, ${users.firstName})), '') from ${users} where ${users.id} = ${userId})`;

/**
 * The users whose verified e-mail is one of these and who are not offered the Cloud Campus migration
 * yet, locked until commit: a login meanwhile (which may offer it too) waits rather than offering twice.
 */
export async function usersToOfferMigration(tx: Transaction, verifiedEmails: string[]): Promise<{ id: string; email: string }[]> {
  const rows = await tx
    .select({ id: users.id, email: users.verifiedEmail })
    .from(users)
    .where(and(inArray(users.verifiedEmail, verifiedEmails), eq(users.canMigrateFromCloudCampus, false)))
    .for('update');
  return rows.map((row) => ({ id: row.id, email: row.email! }));
}

/** Whether the learner has registered their profile; null when there is no such user. */
export async function learnerHasProfile(db: DatabaseExecutor, userId: string): Promise<boolean | null> {
  const [user] = await db.select({ hasProfile: users.hasProfile }).from(users).where(eq(users.id, userId));
  return user ? user.hasProfile : null;
}

/** The learner's name as a certificate prints it (`printedNameOf`), or null for an unknown learner. */
export async function learnerName(db: DatabaseExecutor, userId: string): Promise<{ lastName: string; firstName: string } | null> {
  const [learner] = await db.select({ lastName: users.lastName, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return learner ?? null;
}

/**
 * The address a credential names the learner by: the one the identity provider vouches for first (an
 * employer can ask the learner to prove it), else the one given; null when there is none.
 */
export async function learnerCredentialEmail(db: DatabaseExecutor, userId: string): Promise<string | null> {
  const [learner] = await db.select({ email: users.email, verifiedEmail: users.verifiedEmail }).from(users).where(eq(users.id, userId));
  return learner?.verifiedEmail ?? learner?.email ?? null;
}

/** What the Cloud Campus migration needs of the learner: the verified address records are matched on, and the offer flag. */
export async function learnerCloudCampusStanding(
  db: DatabaseExecutor,
  userId: string,
): Promise<{ verifiedEmail: string | null; canMigrateFromCloudCampus: boolean } | null> {
  const [learner] = await db
    .select({ verifiedEmail: users.verifiedEmail, canMigrateFromCloudCampus: users.canMigrateFromCloudCampus })
    .from(users)
    .where(eq(users.id, userId));
  return learner ?? null;
}

/** Whether the learner whose id the outer query passes has accepted the agreements (the personal feed is open to them). */
export const learnerPastAgreements = (userId: SQL | AnyColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.hasAcceptedAgreements})`;

/** When the account of the learner whose id the outer query passes was made (null for no such learner). */
export const learnerRegisteredAt = (userId: SQL | AnyColumn): SQL<Date | null> => sql<Date | null>`(select ${users.createdAt} from ${users} where ${users.id} = ${userId})`;

/**
 * An audience of accounts past the agreements (the personal feed is closed to the others): one account by
 * either of its addresses (any role), or the learners, narrowed by `also` (the caller's condition,
 * correlated to the account's id) when given.
 */
export type AccountAudience = { email: string } | { learners: true; also?: (userId: SQL) => SQL };

function audienceCondition(audience: AccountAudience): SQL {
  const accepted = eq(users.hasAcceptedAgreements, true);
  if ('email' in audience) {
    const email = audience.email.toLowerCase();
    return and(accepted, or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.verifiedEmail}) = ${email}`))!;
  }
  return and(eq(users.role, 'learner'), accepted, audience.also?.(sql`${users.id}`))!;
}

/** How many accounts the audience holds now. */
export async function countAccounts(db: DatabaseExecutor, audience: AccountAudience): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(audienceCondition(audience));
  return row?.total ?? 0;
}

/** The audience's account ids after `after` (in id order), at most `limit`: a fan-out's next batch. */
export async function accountIdsAfter(db: DatabaseExecutor, audience: AccountAudience, after: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(audienceCondition(audience), after ? gt(users.id, after) : undefined))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Whether the user the outer query's id column names matches what an admin typed: part of an e-mail
 * address (given or verified), or of the name (family and given name, with or without a space between).
 */
export function learnerMatches(words: string, userId: SQL | AnyColumn): SQL<boolean> {
  const escaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
  const pattern = `%${escaped(words)}%`;
  const compact = `%${escaped(words.replace(/[\s\u3000]+/g, ''))}%`;
  return sql<boolean>`exists(select 1 from ${users} where ${users.id} = ${userId}
    and (${users.email} ilike ${pattern} or ${users.verifiedEmail} ilike ${pattern} or (${users.lastName} || ${users.firstName}) ilike ${compact}))`;
}

/** These learners' names and given e-mail addresses, by id (ids of nobody are left out). */
export async function learnersByIds(db: DatabaseExecutor, userIds: readonly string[]): Promise<Map<string, { lastName: string; firstName: string; email: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, lastName: users.lastName, firstName: users.firstName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map(({ id, ...learner }) => [id, learner]));
}
