import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { loginRequired } from '../../../../core/errors/app-error.js';
import { CERTIFICATION_SLUGS } from '../../../../contracts/catalogue-slugs.js';
import type { MigrationResult } from '../../../../contracts/certificates.js';
import { EventStore } from '../../../../database/event-store.js';
import { badges } from '../../../certification/certification.schema.js';
import { legacyBadges, waitingLegacyBadges } from '../../cloud-campus-migration.schema.js';
import { users } from '../../../identity/identity.schema.js';
import { recordUserFacts } from '../../../identity/user-stream.js';
import { badgeExpiresAt } from '../../../../contracts/badge-validity.js';
import { CloudCampusBadgesMigrated } from '../../events.js';
import { MigrateFromCloudCampusCommand } from './migrate-from-cloud-campus.command.js';

const catalogueOrder = (slug: string) => CERTIFICATION_SLUGS.indexOf(slug as (typeof CERTIFICATION_SLUGS)[number]);

/**
 * In one transaction: the records marked as carried over and one event on the user's stream, from
 * which identity clears the flag and certification makes the badges (awarded on the pass date, valid
 * for the course's months from then). Calling again finds nothing waiting and answers an empty list.
 */
@CommandHandler(MigrateFromCloudCampusCommand)
export class MigrateFromCloudCampusHandler implements ICommandHandler<MigrateFromCloudCampusCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, meta }: MigrateFromCloudCampusCommand): Promise<MigrationResult> {
    return this.eventStore.commit(meta, async (unit) => {
      const { tx } = unit;
      // The row lock makes a double click wait for the first call, which then leaves nothing to migrate.
      const [user] = await tx
        .select({ email: users.verifiedEmail, canMigrate: users.canMigrateFromCloudCampus })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) throw loginRequired();

      // Records whose course is not in the catalogue (yet) stay waiting; offers read the same view.
      const waiting = user.email
        ? await tx.select().from(waitingLegacyBadges).where(eq(waitingLegacyBadges.email, user.email)).orderBy(waitingLegacyBadges.courseSlug).for('update')
        : [];
      if (waiting.length === 0 && !user.canMigrate) return { migratedCourseSlugs: [] };

      const migratedAt = new Date();
      const carried: CloudCampusBadgesMigrated['data']['badges'] = [];
      for (const record of waiting) {
        const expiresAt = badgeExpiresAt(record.passedAt, record.validMonths);
        // Never shorten a badge the learner already holds for longer (e.g. passed again here).
        const [held] = await tx
          .select({ expiresAt: badges.expiresAt })
          .from(badges)
          .where(and(eq(badges.userId, userId), eq(badges.courseId, record.courseId)))
          .for('update');
        carried.push({
          courseSlug: record.courseSlug,
          courseId: record.courseId,
          passedAt: record.passedAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
          keptLaterBadge: held !== undefined && held.expiresAt >= expiresAt,
        });
        await tx
          .update(legacyBadges)
          .set({ migratedUserId: userId, migratedAt })
          .where(and(eq(legacyBadges.email, user.email!), eq(legacyBadges.courseSlug, record.courseSlug)));
      }
      carried.sort((a, b) => catalogueOrder(a.courseSlug) - catalogueOrder(b.courseSlug));

      await recordUserFacts(unit, userId, [new CloudCampusBadgesMigrated({ email: user.email, badges: carried })], { canMigrateFromCloudCampus: false });
      return { migratedCourseSlugs: carried.map((badge) => badge.courseSlug) };
    });
  }
}
