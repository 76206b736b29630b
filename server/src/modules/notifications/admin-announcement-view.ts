import { sql } from 'drizzle-orm';
import type { AdminAnnouncement, AnnouncementStatus } from '../../contracts/announcements.js';
import { announcementReads, announcements } from './notifications.schema.js';

/** Where an announcement stands at `now`: taken down wins, then a publish time still ahead. */
export function announcementStatus(row: { publishAt: Date; unpublishedAt: Date | null }, now: Date): AnnouncementStatus {
  if (row.unpublishedAt) return 'unpublished';
  return row.publishAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

export const adminAnnouncementColumns = {
  announcementId: announcements.id,
  title: announcements.title,
  body: announcements.body,
  link: announcements.link,
  publishAt: announcements.publishAt,
  unpublishedAt: announcements.unpublishedAt,
  createdAt: announcements.createdAt,
  readCount: sql<number>`(select count(*) from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id})`.mapWith(Number),
};

export type AdminAnnouncementRow = {
  announcementId: string;
  title: string;
  body: string;
  link: string | null;
  publishAt: Date;
  unpublishedAt: Date | null;
  createdAt: Date;
  readCount: number;
};

export const toAdminAnnouncement = (row: AdminAnnouncementRow, now: Date): AdminAnnouncement => ({
  announcementId: row.announcementId,
  title: row.title,
  body: row.body,
  link: row.link,
  publishAt: row.publishAt.toISOString(),
  unpublishedAt: row.unpublishedAt?.toISOString() ?? null,
  status: announcementStatus(row, now),
  createdAt: row.createdAt.toISOString(),
  readCount: row.readCount,
});
