import { and, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { UnreadFlags } from '../../contracts/notifications.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { users } from '../identity/identity.schema.js';
import { announcements, notifications } from './notifications.schema.js';
import { announcementIsLive, announcementIsReadBy } from './feed-view.js';

/**
 * Personal: any notification without read_at. General: any live announcement unread by the rule in
 * feed-view (published after the learner's account was made and not read), so a new learner starts clean.
 * One query for any number of learners (the `unread.changed` pushes of one commit); a learner not found is left out.
 */
export async function readUnreadFlags(db: DatabaseExecutor, userIds: readonly string[], now: Date): Promise<Map<string, UnreadFlags>> {
  if (userIds.length === 0) return new Map();
  // exists() stops at the first row; the partial index on unread notifications answers the first. Conditions go
  // through and(): drizzle leaves a column interpolated directly into a select field unqualified (`"id"`).
  const rows = await db
    .select({
      id: users.id,
      hasUnreadNotifications: sql<boolean>`exists (select 1 from ${notifications} where ${and(eq(notifications.userId, users.id), isNull(notifications.readAt))})`.mapWith(Boolean),
      hasUnreadAnnouncements: sql<boolean>`exists (select 1 from ${announcements} where ${and(announcementIsLive(now), not(announcementIsReadBy(sql`${users.id}`, sql`${users.createdAt}`)))})`.mapWith(Boolean),
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map(({ id, ...flags }) => [id, flags]));
}
