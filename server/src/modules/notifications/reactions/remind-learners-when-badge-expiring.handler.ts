import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { CERTIFICATION_COURSES, type CertificationSlug } from '../../../contracts/catalogue-slugs.js';
import { rowsOf } from '../../../database/connection.js';
import { EventStore, type UnitOfWork } from '../../../database/event-store.js';
import { badges, courses, notifications, users } from '../../../database/schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { BADGE_STREAM, BadgeExpiryReminded, badgeStreamId, NOTIFICATION_STREAM, NotificationCreated } from '../events.js';
import { badgeExpiringText } from './personal-notification-texts.js';

/** Learners are told this long before a badge expires. */
export const REMINDER_WINDOW_MS = 30 * 24 * 3_600_000;
export const REMINDER_BATCH_SIZE = 500;

/**
 * Expiring within the window, not yet reminded of this expiry date (a renewed badge has a new one), held
 * by someone past the agreements (the personal feed is closed to the others).
 */
const dueForReminder = (now: Date): SQL =>
  and(
    gt(badges.expiresAt, now),
    lte(badges.expiresAt, new Date(now.getTime() + REMINDER_WINDOW_MS)),
    or(isNull(badges.remindedForExpiry), ne(badges.remindedForExpiry, badges.expiresAt)),
    eq(users.hasAcceptedAgreements, true),
  )!;

/**
 * Daily (and at worker start): one reminder per badge and expiry date, as a personal notification.
 * Rows are claimed with SKIP LOCKED and marked with the expiry they were reminded of in the same
 * transaction, so two workers, or a second run, remind nobody twice.
 */
@Injectable()
@JobHandler('remind-learners-when-badge-expiring')
export class RemindLearnersWhenBadgeExpiringHandler implements HandlesJob {
  constructor(private readonly eventStore: EventStore) {}

  async handle(): Promise<void> {
    const meta = { actorId: null, requestId: null, correlationId: randomUUID(), causationId: null };
    for (;;) {
      const claimed = await this.eventStore.commit(meta, (unit) => this.remindBatch(unit, new Date()));
      if (claimed < REMINDER_BATCH_SIZE) return;
    }
  }

  /** Returns how many badges it claimed; the relay pushes `unread.changed` from the NotificationCreated events. */
  private async remindBatch({ tx, appendToStreams }: UnitOfWork, now: Date): Promise<number> {
    const due = await tx
      .select({ userId: badges.userId, courseId: badges.courseId, expiresAt: badges.expiresAt, slug: courses.slug, title: courses.title })
      .from(badges)
      .innerJoin(users, eq(users.id, badges.userId))
      .innerJoin(courses, eq(courses.id, badges.courseId))
      .where(dueForReminder(now))
      .orderBy(asc(badges.expiresAt))
      .limit(REMINDER_BATCH_SIZE)
      .for('update', { of: badges, skipLocked: true });
    if (due.length === 0) return 0;

    const streamIds = due.map((badge) => badgeStreamId(badge.userId, badge.courseId));
    const versions = await rowsOf<{ stream_id: string; version: number }>(
      tx,
      sql`select stream_id, max(version) as version from events
           where stream_type = ${BADGE_STREAM} and stream_id in (${sql.join(streamIds.map((id) => sql`${id}`), sql`, `)})
           group by stream_id`,
    );
    const versionOf = new Map(versions.map((row) => [row.stream_id, Number(row.version)]));
    const reminders = await appendToStreams(
      due.map((badge, index) => ({
        stream: { streamType: BADGE_STREAM, streamId: streamIds[index]!, expectedVersion: versionOf.get(streamIds[index]!) ?? 0 },
        events: [new BadgeExpiryReminded({ userId: badge.userId, courseId: badge.courseId, expiresAt: badge.expiresAt.toISOString() })],
      })),
    );

    const createdAt = new Date();
    const notes = due.map((badge, index) => {
      const courseLabel = CERTIFICATION_COURSES[badge.slug as CertificationSlug]?.label ?? badge.title;
      return { id: randomUUID(), userId: badge.userId, ...badgeExpiringText({ courseSlug: badge.slug, courseLabel, expiresAt: badge.expiresAt }), sourceEventId: reminders[index]!.id, createdAt };
    });
    await tx.insert(notifications).values(notes);
    await appendToStreams(
      notes.map((note) => ({
        stream: { streamType: NOTIFICATION_STREAM, streamId: note.id, expectedVersion: 0 },
        events: [new NotificationCreated({ notificationId: note.id, userId: note.userId, kind: note.kind, title: note.title, link: note.link, sourceEventId: note.sourceEventId })],
      })),
    );

    // One jsonb parameter rather than hundreds of row constructors (which PGlite cannot plan).
    const claimed = JSON.stringify(due.map((badge) => ({ user_id: badge.userId, course_id: badge.courseId })));
    await tx.execute(
      sql`update ${badges} set reminded_for_expiry = ${badges.expiresAt}
            from jsonb_to_recordset(${claimed}::jsonb) as claimed(user_id uuid, course_id uuid)
           where ${badges.userId} = claimed.user_id and ${badges.courseId} = claimed.course_id`,
    );
    return due.length;
  }
}
