import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { loginRequired } from '../../../../core/errors/app-error.js';
import { CERTIFICATION_SLUGS } from '../../../../contracts/catalogue-slugs.js';
import type { MigrationResult } from '../../../../contracts/certificates.js';
import { EventStore } from '../../../../database/event-store.js';
import { legacyBadges, waitingLegacyBadges } from '../../cloud-campus-migration.schema.js';
import { learnerCloudCampusStanding } from '../../../identity/reads.js';
import { recordUserFacts } from '../../../identity/user-stream.js';
import { CloudCampusBadgesMigrated } from '../../events.js';
import { lockLearnersMigration } from '../../migration-lock.js';
import { MigrateFromCloudCampusCommand } from './migrate-from-cloud-campus.command.js';

const catalogueOrder = (slug: string) => CERTIFICATION_SLUGS.indexOf(slug as (typeof CERTIFICATION_SLUGS)[number]);

/**
 * In one transaction: the records marked as carried over and one event on the user's stream, from
 * which identity clears the flag (in this transaction) and certification makes the badges after commit
 * (awarded on the pass date, valid for the course's months from then, never shortening one held for
 * longer). Calling again finds nothing waiting and answers an empty list.
 */
@CommandHandler(MigrateFromCloudCampusCommand)
export class MigrateFromCloudCampusHandler implements ICommandHandler<MigrateFromCloudCampusCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, meta }: MigrateFromCloudCampusCommand): Promise<MigrationResult> {
    return this.eventStore.commit(meta, async (unit) => {
      const { tx } = unit;
      await lockLearnersMigration(unit, userId);
      const learner = await learnerCloudCampusStanding(tx, userId);
      if (!learner) throw loginRequired();
      const email = learner.verifiedEmail;

      // Records whose course is not in the catalogue (yet) stay waiting; offers read the same view.
      const waiting = email ? await tx.select().from(waitingLegacyBadges).where(eq(waitingLegacyBadges.email, email)).orderBy(waitingLegacyBadges.courseSlug) : [];
      if (waiting.length === 0 && !learner.canMigrateFromCloudCampus) return { migratedCourseSlugs: [] };

      const migratedAt = new Date();
      const carried: CloudCampusBadgesMigrated['data']['badges'] = [];
      for (const record of waiting) {
        carried.push({ courseSlug: record.courseSlug, courseId: record.courseId, passedAt: record.passedAt.toISOString(), validMonths: record.validMonths });
        await tx
          .update(legacyBadges)
          .set({ migratedUserId: userId, migratedAt })
          .where(and(eq(legacyBadges.email, email!), eq(legacyBadges.courseSlug, record.courseSlug)));
      }
      carried.sort((a, b) => catalogueOrder(a.courseSlug) - catalogueOrder(b.courseSlug));

      await recordUserFacts(unit, userId, [new CloudCampusBadgesMigrated({ email, badges: carried })], { canMigrateFromCloudCampus: false });
      return { migratedCourseSlugs: carried.map((badge) => badge.courseSlug) };
    });
  }
}
