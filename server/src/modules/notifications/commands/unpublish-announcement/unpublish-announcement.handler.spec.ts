import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { events } from '../../../../database/events.schema';
import { announcements } from '../../notifications.schema';
import { campusPushes } from '../../../../campus-registrations';

const planPushes = campusPushes.plan.bind(campusPushes);
import { openPgliteStore } from '../../../../testing/pglite-store';
import { UnpublishAnnouncementCommand } from './unpublish-announcement.command';
import { UnpublishAnnouncementHandler } from './unpublish-announcement.handler';

const meta = { actorId: 'admin', requestId: 'r', correlationId: 'r', causationId: null };
const ADMIN = randomUUID();

describe('UnpublishAnnouncementHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: UnpublishAnnouncementHandler;
  const unpublish = (id: string) => handler.execute(new UnpublishAnnouncementCommand(ADMIN, id, meta));

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new UnpublishAnnouncementHandler(store.eventStore);
  }, 30_000);
  afterAll(() => store.connection.close());

  it('takes it down once: one event, one push, and the same answer when asked again', async () => {
    const id = randomUUID();
    await store.db.insert(announcements).values({ id, title: '題', body: '本文', publishAt: new Date(Date.now() - 60_000) });
    const first = await unpublish(id);
    expect(first).toMatchObject({ announcementId: id, status: 'unpublished', unpublishedAt: expect.any(String) });
    const again = await unpublish(id);
    expect(again).toEqual(first);
    const recorded = await store.db.select({ type: events.type, version: events.version, data: events.data }).from(events).where(eq(events.streamId, id));
    expect(recorded).toEqual([{ type: 'AnnouncementUnpublished', version: 1, data: { announcementId: id, unpublishedAt: first.unpublishedAt, unpublishedBy: ADMIN } }]);
    // The relay pushes `announcements.changed` once, from that one event.
    expect(planPushes(await store.storedEvents()).emits.map((push) => push.name)).toEqual(['announcements.changed']);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await expect(unpublish(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(unpublish('x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
