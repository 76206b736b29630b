import { and, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FeedItem } from '../../contracts/notifications.js';
import { learnerRegisteredAt } from '../identity/reads.js';
import { announcementReads, announcements, notifications } from './notifications.schema.js';

export const notificationColumns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  publishedAt: notifications.createdAt,
  readAt: notifications.readAt,
};

export const notificationToFeedItem = (row: { id: string; title: string; body: string; link: string | null; publishedAt: Date; readAt: Date | null }): FeedItem => ({
  id: row.id,
  title: row.title,
  body: row.body,
  link: row.link,
  publishedAt: row.publishedAt.toISOString(),
  isRead: row.readAt !== null,
});

/** Live: its publish time has come and no admin took it down. */
export const announcementIsLive = (now: Date): SQL => and(lte(announcements.publishAt, now), isNull(announcements.unpublishedAt))!;

/**
 * The unread rule for announcements: one is unread for a learner when it went live after their account
 * was made and they have not read it. Older ones count as read, so a brand-new learner does not start
 * with the whole back catalogue marked New (they can still read them in the list).
 */
export const announcementIsRead = (userId: string | null): SQL<boolean> =>
  userId === null ? sql<boolean>`false` : announcementIsReadBy(sql`${userId}`, learnerRegisteredAt(sql`${userId}`));

/** The same rule for a learner given as SQL (a column of an outer query, for many learners at once) and their account's creation. */
export const announcementIsReadBy = (userId: SQL, userCreatedAt: SQL): SQL<boolean> =>
  sql<boolean>`(exists (select 1 from ${announcementReads} where ${announcementReads.userId} = ${userId} and ${announcementReads.announcementId} = ${announcements.id})
    or ${announcements.publishAt} < ${userCreatedAt})`;

export const announcementColumns = (userId: string | null) => ({
  id: announcements.id,
  title: announcements.title,
  body: announcements.body,
  link: announcements.link,
  publishedAt: announcements.publishAt,
  isRead: announcementIsRead(userId),
});

export const announcementToFeedItem = (row: { id: string; title: string; body: string; link: string | null; publishedAt: Date; isRead: boolean }): FeedItem => ({
  id: row.id,
  title: row.title,
  body: row.body,
  link: row.link,
  publishedAt: row.publishedAt.toISOString(),
  isRead: Boolean(row.isRead),
});
