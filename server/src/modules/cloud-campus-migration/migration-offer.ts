import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { DatabaseExecutor, Transaction } from '../../database/connection.js';
import type { MigrationOfferAtSignIn } from '../identity/user-stream.js';
import { waitingLegacyBadges } from './cloud-campus-migration.schema.js';
import { CloudCampusMigrationOffered } from './events.js';

/** The offer of the records waiting for this e-mail (those the migration can carry over), or null when none wait. */
export async function migrationOfferFor(db: DatabaseExecutor, email: string): Promise<CloudCampusMigrationOffered | null> {
  const waiting = await db
    .select({ courseSlug: waitingLegacyBadges.courseSlug })
    .from(waitingLegacyBadges)
    .where(eq(waitingLegacyBadges.email, email))
    .orderBy(waitingLegacyBadges.courseSlug);
  return waiting.length > 0 ? new CloudCampusMigrationOffered({ email, courseSlugs: waiting.map((row) => row.courseSlug) }) : null;
}

/** What identity's sign-in asks (its port says why it asks inside its transaction). */
@Injectable()
export class CloudCampusMigrationOfferAtSignIn implements MigrationOfferAtSignIn {
  offerFor(tx: Transaction, verifiedEmail: string): Promise<CloudCampusMigrationOffered | null> {
    return migrationOfferFor(tx, verifiedEmail);
  }
}
