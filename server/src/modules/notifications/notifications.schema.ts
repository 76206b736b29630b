import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { courseKey } from '../catalogue/reads.js';
import { userKey } from '../identity/reads.js';

/**
 * Personal notifications (spec §3), each made from the event that caused it. One event may notify many
 * learners (an admin message to a segment), so `(user_id, source_event_id)` is what keeps at-least-once
 * delivery from doubling one.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(userKey, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A page of the campus the notification leads to. */
    link: text('link'),
    sourceEventId: uuid('source_event_id'),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
  },
  (table) => [
    uniqueIndex('notifications_user_source_event_key').on(table.userId, table.sourceEventId),
    index('notifications_user_idx').on(table.userId, table.createdAt),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

/** General announcements (spec §3), projected from the `announcement` stream; visible once `publish_at` has passed, unless unpublished. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A page of the campus the announcement leads to. */
    link: text('link'),
    publishAt: timestamptz('publish_at').notNull(),
    createdBy: uuid('created_by').references(userKey, { onDelete: 'set null' }),
    unpublishedAt: timestamptz('unpublished_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('announcements_publish_at_idx').on(table.publishAt)],
);

/** Which learner has read which announcement (an announcement is one row for everyone, so reads live apart). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: uuid('user_id').notNull().references(userKey, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.announcementId] })],
);

/**
 * The notifications module's own record of the expiry reminders it sent: one per badge and expiry date
 * (a renewed badge has a new date, so a new reminder). The row is the claim: two workers, or a second
 * run, insert it once.
 */
export const badgeExpiryReminders = pgTable(
  'badge_expiry_reminders',
  {
    userId: uuid('user_id').notNull().references(userKey, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull().references(courseKey, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    remindedAt: timestamptz('reminded_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId, table.expiresAt] })],
);
