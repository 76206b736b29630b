import { type AnyColumn, and, asc, count, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { users } from './identity.schema.js';

/** What identity publishes for the modules above it: plain data, never its tables. */

/** The key other modules' rows reference (`.references(userKey, …)`). */
export const userKey = () => users.id;

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

/** The learners whose verified address is one of `emails` and who are not offered the Cloud Campus migration now. */
export async function learnersNotOfferedMigration(db: DatabaseExecutor, emails: string[]): Promise<{ userId: string; verifiedEmail: string }[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ userId: users.id, verifiedEmail: users.verifiedEmail })
    .from(users)
    .where(and(inArray(users.verifiedEmail, emails), eq(users.canMigrateFromCloudCampus, false)));
  return rows.flatMap((row) => (row.verifiedEmail ? [{ userId: row.userId, verifiedEmail: row.verifiedEmail }] : []));
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
