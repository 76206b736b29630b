import { eq, inArray } from 'drizzle-orm';
import { acceptedCurrentTerms } from '../../common/auth/accepted-current-terms.js';
import type { CurrentUser } from '../../contracts/current-user.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { users } from '../identity/identity.schema.js';

/** The `/me` shape as columns of the users read model; the agreements count only in their current version. */
const currentUserColumns = (termsVersion: string) => ({
  lastName: users.lastName,
  firstName: users.firstName,
  iconUrl: users.iconUrl,
  hasProfile: users.hasProfile,
  hasAcceptedAgreements: acceptedCurrentTerms(termsVersion),
  canMigrateFromCloudCampus: users.canMigrateFromCloudCampus,
  role: users.role,
});

export async function readCurrentUser(db: DatabaseExecutor, userId: string, termsVersion: string): Promise<CurrentUser | null> {
  const [row] = await db.select(currentUserColumns(termsVersion)).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The same for many users in one query (the `user.updated` pushes of one commit). */
export async function readCurrentUsers(db: DatabaseExecutor, userIds: readonly string[], termsVersion: string): Promise<Map<string, CurrentUser>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, ...currentUserColumns(termsVersion) })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map(({ id, ...user }) => [id, user]));
}
