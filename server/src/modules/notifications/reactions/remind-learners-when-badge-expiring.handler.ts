import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { certificationLabelOf } from '../../../contracts/catalogue-slugs.js';
import { rowsOf, type Transaction } from '../../../database/connection.js';
import { EventStore, type UnitOfWork } from '../../../database/event-store.js';
import { awardedCourse } from '../../catalogue/reads.js';
import { type BadgeColumns, badgesEnteringRenewalWindow } from '../../certification/reads.js';
import { learnerPastAgreements } from '../../identity/reads.js';
import { badgeExpiryReminders, notifications } from '../notifications.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { BADGE_STREAM, BadgeExpiryReminded, badgeStreamId, NOTIFICATION_STREAM, NotificationCreated } from '../events.js';
import { badgeExpiringText } from './personal-notification-texts.js';

export const REMINDER_BATCH_SIZE = 500;

/**
 * Of the badges whose renewal window is open (certification's), those not yet reminded of this expiry date
 * (a renewed badge has a new one), held by someone past the agreements (the personal feed is closed to the others).
 */
const dueForReminder = (badge: BadgeColumns) =>
  sql`not exists (select 1 from ${badgeExpiryReminders}
                   where ${badgeExpiryReminders.userId} = ${badge.userId} and ${badgeExpiryReminders.courseId} = ${badge.courseId}
                     and ${badgeExpiryReminders.expiresAt} = ${badge.expiresAt})
      and ${learnerPastAgreements(badge.userId)}`;

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
    const found = await badgesEnteringRenewalWindow(tx, now, dueForReminder, REMINDER_BATCH_SIZE);
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
    const courseOf = await coursesOf(tx, due.map((badge) => badge.courseId));
    const notes = due.map((badge, index) => {
      const course = courseOf.get(badge.courseId)!;
      const courseLabel = certificationLabelOf(course.slug, course.title);
      return { id: randomUUID(), userId: badge.userId, ...badgeExpiringText({ courseSlug: course.slug, courseLabel, expiresAt: badge.expiresAt }), sourceEventId: reminders[index]!.id, createdAt };
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

/** The slug and title of each course among the batch's (a handful: one read each). */
async function coursesOf(tx: Transaction, courseIds: string[]): Promise<Map<string, { slug: string; title: string }>> {
  const courses = new Map<string, { slug: string; title: string }>();
  for (const courseId of new Set(courseIds)) {
    const course = await awardedCourse(tx, courseId);
    // A badge's course row goes with it (cascade), so it is there.
    if (course) courses.set(courseId, { slug: course.slug, title: course.title });
  }
  return courses;
}
