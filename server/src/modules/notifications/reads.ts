import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { announcementIsLive } from './feed-view.js';
import { announcements } from './notifications.schema.js';

/** What notifications publishes for the modules above it (mail): plain data, never its tables. */

/** An announcement as learners read it now (its latest edit); null unless it is live (published, not taken down). */
export async function liveAnnouncement(db: DatabaseExecutor, announcementId: string, now: Date): Promise<{ title: string; body: string; link: string | null } | null> {
  const [row] = await db
    .select({ title: announcements.title, body: announcements.body, link: announcements.link })
    .from(announcements)
    .where(and(eq(announcements.id, announcementId), announcementIsLive(now)));
  return row ?? null;
}

/** The ids of the announcements live at `now`, as a subquery (mail's reconciler keeps to those). */
export const liveAnnouncementIds = (now: Date): SQL => sql`select ${announcements.id} from ${announcements} where ${announcementIsLive(now)}`;
