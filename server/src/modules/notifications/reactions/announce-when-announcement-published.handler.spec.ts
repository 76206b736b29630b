import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '../../../database/event-store';
import { announcements } from '../notifications.schema';
import type { RealtimePublisher } from '../../../realtime/realtime-publisher';
import { openPgliteStore } from '../../../testing/pglite-store';
import { AnnounceWhenAnnouncementPublishedHandler } from './announce-when-announcement-published.handler';

const HOUR = 3_600_000;

describe('AnnounceWhenAnnouncementPublishedHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let reaction: AnnounceWhenAnnouncementPublishedHandler;
  const emit = jest.fn();
  const realtime = { toEveryone: () => ({ emit }) } as unknown as RealtimePublisher;
  /** Saved an hour ago, to go live at `publishAt` (now past): the delayed job runs now. */
  const jobOf = (type: string, data: object): StoredEvent => ({
    seq: 1,
    id: randomUUID(),
    streamType: 'announcement',
    streamId: randomUUID(),
    version: 1,
    type,
    data,
    meta: { actorId: null, requestId: null, correlationId: 'c', causationId: null },
    occurredAt: new Date(Date.now() - HOUR).toISOString(),
  });
  const anAnnouncement = async (publishAt: Date, unpublishedAt: Date | null = null) => {
    const id = randomUUID();
    await store.db.insert(announcements).values({ id, title: '題', body: '本文', publishAt, unpublishedAt });
    return id;
  };

  beforeAll(async () => {
    store = await openPgliteStore();
    reaction = new AnnounceWhenAnnouncementPublishedHandler(store.connection, realtime);
  }, 30_000);
  afterAll(() => store.connection.close());
  beforeEach(() => emit.mockClear());

  it('tells everyone when a scheduled announcement goes live', async () => {
    const publishAt = new Date(Date.now() - 1_000);
    const id = await anAnnouncement(publishAt);
    await reaction.handle(jobOf('AnnouncementPublished', { announcementId: id, publishAt: publishAt.toISOString() }));
    expect(emit).toHaveBeenCalledWith('announcements.changed');
  });

  it('tells everyone at the new time of a rescheduled one, and stays quiet at its old time', async () => {
    const newTime = new Date(Date.now() - 1_000);
    const oldTime = new Date(Date.now() - 2_000);
    const id = await anAnnouncement(newTime);
    await reaction.handle(jobOf('AnnouncementPublished', { announcementId: id, publishAt: oldTime.toISOString() }));
    expect(emit).not.toHaveBeenCalled();
    await reaction.handle(jobOf('AnnouncementEdited', { announcementId: id, publishAt: newTime.toISOString(), rescheduledFrom: oldTime.toISOString() }));
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it('stays quiet for an edit that did not move it, and for one taken down', async () => {
    const publishAt = new Date(Date.now() - 1_000);
    const kept = await anAnnouncement(publishAt);
    await reaction.handle(jobOf('AnnouncementEdited', { announcementId: kept, publishAt: publishAt.toISOString(), rescheduledFrom: null }));
    const down = await anAnnouncement(publishAt, new Date());
    await reaction.handle(jobOf('AnnouncementPublished', { announcementId: down, publishAt: publishAt.toISOString() }));
    expect(emit).not.toHaveBeenCalled();
  });
});
