import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { RENEWAL_WINDOW_DAYS } from '../../certification/reads.js';
import { CERTIFICATION_COURSES, type CertificationSlug } from '../../../contracts/catalogue-slugs.js';
import { rowsOf } from '../../../database/connection.js';
import { EventStore, type UnitOfWork } from '../../../database/event-store.js';
import { courses } from '../../catalogue/catalogue.schema.js';
import { badges } from '../../certification/certification.schema.js';
import { users } from '../../identity/identity.schema.js';
import { badgeExpiryReminders, notifications } from '../notifications.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { BADGE_STREAM, BadgeExpiryReminded, badgeStreamId, NOTIFICATION_STREAM, NotificationCreated } from '../events.js';
import { badgeExpiringText } from './personal-notification-texts.js';

/** Learners are told when 更新受験 opens: this long before a badge expires. */
export const REMINDER_WINDOW_MS = RENEWAL_WINDOW_DAYS * 24 * 3_600_000;
export const REMINDER_BATCH_SIZE = 500;

/**
 * Expiring within the window, not yet reminded of this expiry date (a renewed badge has a new one), held
 * by someone past the agreements (the personal feed is closed to the others).
 */
const dueForReminder = (now: Date): SQL =>
  and(
    gt(badges.expiresAt, now),
    lte(badges.expiresAt, new Date(now.getTime() + REMINDER_WINDOW_MS)),
    sql`not exists (select 1 from ${badgeExpiryReminders}
                     where ${badgeExpiryReminders.userId} = ${badges.userId} and ${badgeExpiryReminders.courseId} = ${badges.courseId}
                       and ${badgeExpiryReminders.expiresAt} = ${badges.expiresAt})`,
    eq(users.hasAcceptedAgreements, true),
  )!;

/**
 * Daily (and at worker start): one reminder per badge and expiry date, as a personal notification.
 * Each is claimed by inserting its row in this module's own `badge_expiry_reminders` (the badges stay
 * certification's, only read here): an insert that finds the row already there reminds nobody, so two
 * workers, or a second run, remind nobody twice.
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

  /** Returns how many due badges it found; each NotificationCreated pushes `unread.changed` after commit. */
  private async remindBatch({ tx, appendToStreams }: UnitOfWork, now: Date): Promise<number> {
    const found = await tx
      .select({ userId: badges.userId, courseId: badges.courseId, expiresAt: badges.expiresAt, slug: courses.slug, title: courses.title })
      .from(badges)
      .innerJoin(users, eq(users.id, badges.userId))
      .innerJoin(courses, eq(courses.id, badges.courseId))
      .where(dueForReminder(now))
      .orderBy(asc(badges.expiresAt))
      .limit(REMINDER_BATCH_SIZE);
    if (found.length === 0) return 0;
    // The claim: a reminder another worker inserted meanwhile is theirs (the insert waits for their commit).
    // One jsonb parameter rather than hundreds of row constructors (which PGlite cannot plan).
    const rows = JSON.stringify(found.map((badge) => ({ user_id: badge.userId, course_id: badge.courseId, expires_at: badge.expiresAt.toISOString() })));
    const claimed = await rowsOf<{ user_id: string; course_id: string }>(
      tx,
      sql`insert into ${badgeExpiryReminders} (user_id, course_id, expires_at, reminded_at)
          select r.user_id, r.course_id, r.expires_at, ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${rows}::jsonb) as r(user_id uuid, course_id uuid, expires_at timestamptz)
          on conflict do nothing
          returning user_id, course_id`,
    );
    const mine = new Set(claimed.map((row) => `${row.user_id}:${row.course_id}`));
    const due = found.filter((badge) => mine.has(`${badge.userId}:${badge.courseId}`));
    if (due.length === 0) return found.length;

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
    return found.length;
  }
}
