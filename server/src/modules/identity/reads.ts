import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { users } from './identity.schema.js';

/** The key other modules' rows reference for their learner (`.references(userKey, { onDelete: 'cascade' })`). */
export const userKey = () => users.id;

/** Whether the learner has registered their profile; null when there is no such user. */
export async function learnerHasProfile(db: DatabaseExecutor, userId: string): Promise<boolean | null> {
  const [user] = await db.select({ hasProfile: users.hasProfile }).from(users).where(eq(users.id, userId));
  return user ? user.hasProfile : null;
}
