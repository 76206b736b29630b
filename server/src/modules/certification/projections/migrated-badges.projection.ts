import { Injectable, OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../database/connection.js';
import { EventStore, type InlineProjection, type StoredEvent } from '../../../database/event-store.js';
import type { CloudCampusBadgesMigrated } from '../../cloud-campus-migration/events.js';
import { badges } from '../certification.schema.js';

/**
 * Badges carried over from Cloud Campus are badges like those grading awards, so certification keeps
 * them: in the migration's transaction, awarded on the pass date, and never shortening a badge the
 * learner already holds for longer (the migration names those `keptLaterBadge`). The event is on the
 * learner's user stream, whose id is the learner's.
 */
@Injectable()
export class MigratedBadgesProjection implements InlineProjection, OnModuleInit {
  readonly eventTypes = ['CloudCampusBadgesMigrated'] as const;

  constructor(private readonly eventStore: EventStore) {}

  onModuleInit() {
    this.eventStore.addInlineProjection(this);
  }

  async apply(tx: Transaction, events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      const carried = (event.data as CloudCampusBadgesMigrated['data']).badges.filter((badge) => !badge.keptLaterBadge);
      for (const badge of carried) {
        await tx
          .insert(badges)
          .values({ userId: event.streamId, courseId: badge.courseId, awardedAt: new Date(badge.passedAt), expiresAt: new Date(badge.expiresAt) })
          .onConflictDoUpdate({
            target: [badges.userId, badges.courseId],
            set: { awardedAt: sql`excluded.awarded_at`, expiresAt: sql`excluded.expires_at`, certificateId: null },
            setWhere: sql`${badges.expiresAt} < excluded.expires_at`,
          });
      }
    }
  }
}
