import { randomUUID } from 'node:crypto';
import { users } from '../identity/identity.schema';
import { announcementReads, announcements, notifications } from './notifications.schema';
import { openPgliteStore } from '../../testing/pglite-store';
import { readUnreadFlags } from './unread-flags.view';

const HOUR = 3_600_000;

describe('readUnreadFlags (the header badge, and the unread.changed push for many learners at once)', () => {
  it('answers each learner by their own notifications and announcements, in one query', async () => {
    const store = await openPgliteStore();
    const now = new Date();
    const [withNote, reader, newcomer, nothing] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await store.db.insert(users).values([
      { id: withNote, subject: 'a', createdAt: new Date(now.getTime() - 10 * HOUR) },
      { id: reader, subject: 'b', createdAt: new Date(now.getTime() - 10 * HOUR) },
      // Joined after the announcement went live: it counts as read for them.
      { id: newcomer, subject: 'c', createdAt: new Date(now.getTime() - HOUR) },
    ]);
    const announcementId = randomUUID();
    await store.db.insert(announcements).values({ id: announcementId, title: '題', body: '本文', publishAt: new Date(now.getTime() - 2 * HOUR) });
    await store.db.insert(announcementReads).values({ userId: reader, announcementId, readAt: now });
    await store.db.insert(notifications).values([
      { id: randomUUID(), userId: withNote, kind: 'k', title: 't', body: 'b', createdAt: now },
      { id: randomUUID(), userId: reader, kind: 'k', title: 't', body: 'b', createdAt: now, readAt: now },
    ]);

    const flags = await readUnreadFlags(store.db, [withNote, reader, newcomer, nothing], now);

    expect(Object.fromEntries(flags)).toEqual({
      [withNote]: { hasUnreadNotifications: true, hasUnreadAnnouncements: true },
      [reader]: { hasUnreadNotifications: false, hasUnreadAnnouncements: false },
      [newcomer]: { hasUnreadNotifications: false, hasUnreadAnnouncements: false },
    });
    await store.connection.close();
  });
});
