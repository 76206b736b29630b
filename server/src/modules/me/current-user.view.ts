import { eq } from 'drizzle-orm';
import { acceptedCurrentTerms } from '../../common/auth/accepted-current-terms.js';
import type { CurrentUser } from '../../contracts/current-user.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { users } from '../../database/schema.js';

/** The `/me` shape, read from the users read model; the agreements count only in their current version. */
export async function readCurrentUser(db: DatabaseExecutor, userId: string, termsVersion: string): Promise<CurrentUser | null> {
  const [row] = await db
    .select({
      lastName: users.lastName,
      firstName: users.firstName,
      iconUrl: users.iconUrl,
      hasProfile: users.hasProfile,
      hasAcceptedAgreements: acceptedCurrentTerms(termsVersion),
      canMigrateFromCloudCampus: users.canMigrateFromCloudCampus,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
