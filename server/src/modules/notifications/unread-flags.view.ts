import { and, not, sql } from 'drizzle-orm';
import type { UnreadFlags } from '../../contracts/notifications.js';
import { type DatabaseExecutor, rowsOf } from '../../database/connection.js';
import { learnerRegisteredAt } from '../identity/reads.js';
import { announcements, notifications } from './notifications.schema.js';
import { announcementIsLive, announcementIsReadBy } from './feed-view.js';

/**
 * Personal: any notification without read_at. General: any live announcement unread by the rule in
 * feed-view (published after the learner's account was made and not read), so a new learner starts clean.
 * One query for any number of learners (the `unread.changed` pushes of one commit); a learner not found is left out.
 */
export async function readUnreadFlags(db: DatabaseExecutor, userIds: readonly string[], now: Date): Promise<Map<string, UnreadFlags>> {
  if (userIds.length === 0) return new Map();
  // exists() stops at the first row; the partial index on unread notifications answers the first.
  const rows = await rowsOf<{ id: string; has_unread_notifications: boolean; has_unread_announcements: boolean }>(
    db,
    sql`select learner.id,
               exists (select 1 from ${notifications} where ${notifications.userId} = learner.id and ${notifications.readAt} is null) as has_unread_notifications,
               exists (select 1 from ${announcements} where ${and(announcementIsLive(now), not(announcementIsReadBy(sql`learner.id`, sql`learner.registered_at`)))}) as has_unread_announcements
          from (select ids.id, ${learnerRegisteredAt(sql`ids.id`)} as registered_at
                  from unnest(array[${sql.join([...new Set(userIds)].map((id) => sql`${id}::uuid`), sql`, `)}]) as ids(id)) learner
         where learner.registered_at is not null`,
  );
  return new Map(rows.map((row) => [row.id, { hasUnreadNotifications: row.has_unread_notifications === true, hasUnreadAnnouncements: row.has_unread_announcements === true }]));
}
