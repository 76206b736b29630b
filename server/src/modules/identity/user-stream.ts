import { eq } from 'drizzle-orm';
import { loginRequired } from '../../core/errors/app-error.js';
import type { StoredEvent, UnitOfWork } from '../../database/event-store.js';
import type { AgreementAccepted } from '../agreements/events.js';
import type { CloudCampusBadgesMigrated, CloudCampusMigrationOffered } from '../cloud-campus-migration/events.js';
import type { ProfileUpdated } from '../me/events.js';
import { USER_STREAM } from './events.js';
import { users } from './identity.schema.js';

/** What other modules know about a learner that the learner's row shows: each one's own event. */
export type UserFact = AgreementAccepted | ProfileUpdated | CloudCampusMigrationOffered | CloudCampusBadgesMigrated;

/** How each fact changes the learner's row: identity's projection of the other modules' events. */
function usersChange(fact: UserFact): Partial<typeof users.$inferInsert> {
  switch (fact.type) {
    case 'AgreementAccepted':
      return { hasAcceptedAgreements: true, canMigrateFromCloudCampus: false };
    case 'ProfileUpdated':
      return { ...fact.data, hasProfile: true };
    case 'CloudCampusMigrationOffered':
      return { canMigrateFromCloudCampus: true };
    case 'CloudCampusBadgesMigrated':
      return { canMigrateFromCloudCampus: false };
  }
}

/**
 * The user stream and `users` are identity's alone. Agreements, the profile and the Cloud Campus
 * migration decide their facts about a learner and hand them here, inside their own transaction:
 * identity appends them to the learner's stream at the version its row holds (the row locked, so a
 * login meanwhile waits) and applies them to the row, so the command's answer already shows them.
 * The facts stay on the user stream, where the admin history and existing rows have always had them.
 */
export async function recordUserFacts({ tx, append }: UnitOfWork, userId: string, facts: UserFact[]): Promise<StoredEvent[]> {
  const [user] = await tx.select({ version: users.streamVersion }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw loginRequired();
  const stored = await append({ streamType: USER_STREAM, streamId: userId, expectedVersion: user.version }, facts);
  await tx
    .update(users)
    .set({ ...Object.assign({}, ...facts.map(usersChange)), streamVersion: user.version + facts.length, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return stored;
}
