import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { badgeExpiresAt } from '../domain/badge-validity.js';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import type { CloudCampusBadgesMigrated } from '../../cloud-campus-migration/events.js';
import { badges, migratedBadgeApplications } from '../certification.schema.js';
import { BadgeAwarded, CARRIED_BADGE_STREAM, carriedBadgeStreamId } from '../events.js';

/** One badge the migration carried over, as certification makes it: awarded on the pass date. */
function carriedBadges(event: StoredEvent): { courseId: string; awardedAt: Date; expiresAt: Date }[] {
  return (
    (event.data as CloudCampusBadgesMigrated['data']).badges
      // Migrations before this reaction existed decided this themselves (and their badges are made already).
      .filter((badge) => badge.keptLaterBadge !== true)
      .map((badge) => {
        const awardedAt = new Date(badge.passedAt);
        const expiresAt = badge.expiresAt ? new Date(badge.expiresAt) : badgeExpiresAt(awardedAt, badge.validMonths);
        return { courseId: badge.courseId, awardedAt, expiresAt };
      })
  );
}

/**
 * Badges carried over from Cloud Campus are badges like those grading awards, so certification makes
 * them, after the migration's commit (a failure here never undoes the migration; the job's retry and the
 * reconciler heal it): awarded on the pass date, valid for the course's months from then, never shortening
 * a badge the learner already holds for longer. Each badge made is a BadgeAwarded on its carried-badge
 * stream, from which certificates issues its certificate as for a pass. Delivery is at least once: the
 * event's id recorded in `migrated_badge_applications`, in the same transaction, makes a repeat do nothing.
 */
@Injectable()
@JobHandler('award-badges-when-cloud-campus-badges-migrated')
export class AwardBadgesWhenCloudCampusBadgesMigratedHandler implements HandlesJob<StoredEvent> {
  constructor(private readonly eventStore: EventStore) {}

  async handle(event: StoredEvent): Promise<void> {
    const userId = event.streamId;
    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    await this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      const [first] = await tx
        .insert(migratedBadgeApplications)
        .values({ eventId: event.id, appliedAt: new Date() })
        .onConflictDoNothing()
        .returning({ eventId: migratedBadgeApplications.eventId });
      if (!first) return;
      for (const badge of carriedBadges(event)) {
        const [made] = await tx
          .insert(badges)
          .values({ userId, courseId: badge.courseId, awardedAt: badge.awardedAt, expiresAt: badge.expiresAt })
          .onConflictDoUpdate({
            target: [badges.userId, badges.courseId],
            set: { awardedAt: sql`excluded.awarded_at`, expiresAt: sql`excluded.expires_at` },
            setWhere: sql`${badges.expiresAt} < excluded.expires_at`,
          })
          .returning({ userId: badges.userId });
        // Held for longer (e.g. passed again here): that badge stays, and so does its certificate.
        if (!made) continue;
        const streamId = carriedBadgeStreamId(userId, badge.courseId);
        const version = await lockStream(CARRIED_BADGE_STREAM, streamId);
        await append({ streamType: CARRIED_BADGE_STREAM, streamId, expectedVersion: version }, [
          new BadgeAwarded({ userId, courseId: badge.courseId, awardedAt: badge.awardedAt.toISOString(), expiresAt: badge.expiresAt.toISOString() }),
        ]);
      }
    });
  }
}
