import type { DatabaseExecutor } from '../../../database/connection.js';
import { userProfile } from '../../identity/reads.js';

/** The names of the admins who wrote these rows (null ids, the import's, are left out). */
export async function adminNamesOf(db: DatabaseExecutor, adminIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(adminIds.filter((value): value is string => value !== null))) {
    const profile = await userProfile(db, id);
    if (profile) names.set(id, `${profile.lastName} ${profile.firstName}`.trim());
  }
  return names;
}
