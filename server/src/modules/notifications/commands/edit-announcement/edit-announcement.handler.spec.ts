import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { AppError } from '../../../../core/errors/app-error';
import { events } from '../../../../database/events.schema';
import { announcements } from '../../notifications.schema';
import { campusPushes } from '../../../../campus-registrations';

const planPushes = campusPushes.plan.bind(campusPushes);
import { openPgliteStore } from '../../../../testing/pglite-store';
import { AnnouncementPublished } from '../../events';
import { EditAnnouncementCommand } from './edit-announcement.command';
import { EditAnnouncementHandler, publishAtAfterEdit } from './edit-announcement.handler';

const meta = { actorId: 'admin', requestId: 'r', correlationId: 'r', causationId: null };
const ADMIN = randomUUID();
const HOUR = 3_600_000;

describe('publishAtAfterEdit', () => {
  const now = new Date('2026-11-22T01:00:00Z');
  const live = { publishAt: new Date('2026-11-20T00:00:00Z'), unpublishedAt: null };
  const scheduled = { publishAt: new Date('2026-11-23T00:00:00Z'), unpublishedAt: null };
  const fieldOf = (run: () => unknown) => {
    try {
      run();
      return null;
    } catch (error) {
      return { code: (error as AppError).code, field: (error as AppError).field, message: (error as AppError).message };
    }
  };

  it('keeps the publish time when it is omitted or sent back unchanged (in any offset)', () => {
    expect(publishAtAfterEdit(live, undefined, now)).toBe(live.publishAt);
    expect(publishAtAfterEdit(live, '2026-11-20T09:00:00+09:00', now)).toBe(live.publishAt);
  });

  it('moves a scheduled one, later or to now', () => {
    expect(publishAtAfterEdit(scheduled, '2026-11-24T00:00:00Z', now)).toEqual(new Date('2026-11-24T00:00:00Z'));
    expect(publishAtAfterEdit(scheduled, now.toISOString(), now)).toEqual(now);
  });

  it('publishes a scheduled one now on null, by the clock given; a live one keeps its date', () => {
    expect(publishAtAfterEdit(scheduled, null, now)).toBe(now);
    expect(publishAtAfterEdit(live, null, now)).toBe(live.publishAt);
  });

  it('refuses to move a live one, or a scheduled one into the past, naming publishAt', () => {
    expect(fieldOf(() => publishAtAfterEdit(live, '2026-11-25T00:00:00Z', now))).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'publishAt',
      message: expect.stringContaining('公開済みのお知らせの公開日時は変更できません'),
    });
    expect(fieldOf(() => publishAtAfterEdit(scheduled, '2026-11-21T00:00:00Z', now))).toMatchObject({ code: 'VALIDATION_FAILED', field: 'publishAt' });
  });
});

describe('EditAnnouncementHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: EditAnnouncementHandler;
  /** What the relay pushes for the last event (besides the admin stream). */
  const pushesOfLastEvent = async () => planPushes([(await store.storedEvents()).at(-1)!]).emits.map((push) => push.name);

  const anAnnouncement = async (publishAt: Date, unpublishedAt: Date | null = null) => {
    const id = randomUUID();
    await store.db.insert(announcements).values({ id, title: '元の題', body: '元の本文', link: '/old', publishAt, unpublishedAt, createdBy: null });
    await store.eventStore.commit(meta, ({ append }) =>
      append({ streamType: 'announcement', streamId: id, expectedVersion: 0 }, [
        new AnnouncementPublished({ announcementId: id, title: '元の題', link: '/old', publishAt: publishAt.toISOString(), createdBy: null }),
      ]),
    );
    return id;
  };
  const edit = (id: string, request: object) => handler.execute(new EditAnnouncementCommand(ADMIN, id, { title: '新しい題', body: '新しい本文', ...request }, meta));
  const streamOf = async (id: string) =>
    store.db.select({ version: events.version, type: events.type, data: events.data }).from(events).where(eq(events.streamId, id)).orderBy(asc(events.version));

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new EditAnnouncementHandler(store.eventStore);
  }, 30_000);
  afterAll(() => store.connection.close());

  it('rewrites a live one, keeps its date, records the edit at the next version and tells open pages', async () => {
    const publishAt = new Date(Date.now() - HOUR);
    const id = await anAnnouncement(publishAt);
    const view = await edit(id, { link: '/notifications/general', publishAt: publishAt.toISOString() });
    expect(view).toMatchObject({ announcementId: id, title: '新しい題', body: '新しい本文', link: '/notifications/general', publishAt: publishAt.toISOString(), status: 'published', readCount: 0 });
    expect((await streamOf(id)).at(-1)).toEqual({
      version: 2,
      type: 'AnnouncementEdited',
      data: { announcementId: id, title: '新しい題', link: '/notifications/general', publishAt: publishAt.toISOString(), rescheduledFrom: null, editedBy: ADMIN },
    });
    expect(await pushesOfLastEvent()).toEqual(['announcements.changed']);
  });

  it('clears the link when it is left out (a PUT replaces title, body and link)', async () => {
    const id = await anAnnouncement(new Date(Date.now() - HOUR));
    expect((await edit(id, {})).link).toBeNull();
  });

  it('moves a scheduled one, saying where from, without a push (the delayed job pushes at the new time)', async () => {
    const publishAt = new Date(Date.now() + HOUR);
    const id = await anAnnouncement(publishAt);
    const later = new Date(Date.now() + 2 * HOUR);
    const view = await edit(id, { publishAt: later.toISOString() });
    expect(view).toMatchObject({ publishAt: later.toISOString(), status: 'scheduled' });
    expect((await streamOf(id)).at(-1)!.data).toMatchObject({ publishAt: later.toISOString(), rescheduledFrom: publishAt.toISOString() });
    expect(await pushesOfLastEvent()).toEqual([]);
    const [row] = await store.db.select({ publishAt: announcements.publishAt }).from(announcements).where(eq(announcements.id, id));
    expect(row!.publishAt).toEqual(later);
  });

  it('publishes a scheduled one now on a null publishAt, by the server clock, and tells open pages', async () => {
    const publishAt = new Date(Date.now() + HOUR);
    const id = await anAnnouncement(publishAt);
    const before = Date.now();
    const view = await edit(id, { publishAt: null });
    expect(view.status).toBe('published');
    expect(Date.parse(view.publishAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(view.publishAt)).toBeLessThanOrEqual(Date.now());
    expect((await streamOf(id)).at(-1)!.data).toMatchObject({ publishAt: view.publishAt, rescheduledFrom: publishAt.toISOString() });
    expect(await pushesOfLastEvent()).toEqual(['announcements.changed']);
  });

  it("keeps a live one's date on a null publishAt (it is already published)", async () => {
    const publishAt = new Date(Date.now() - HOUR);
    const id = await anAnnouncement(publishAt);
    const view = await edit(id, { publishAt: null });
    expect(view).toMatchObject({ publishAt: publishAt.toISOString(), status: 'published', title: '新しい題' });
    expect((await streamOf(id)).at(-1)!.data).toMatchObject({ publishAt: publishAt.toISOString(), rescheduledFrom: null });
  });

  it('refuses to move a live one and changes nothing', async () => {
    const id = await anAnnouncement(new Date(Date.now() - HOUR));
    await expect(edit(id, { publishAt: new Date(Date.now() + HOUR).toISOString() })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'publishAt' });
    expect(await streamOf(id)).toHaveLength(1);
    const [row] = await store.db.select({ title: announcements.title }).from(announcements).where(eq(announcements.id, id));
    expect(row!.title).toBe('元の題');
  });

  it('answers 404 for an unpublished, unknown or malformed id', async () => {
    const down = await anAnnouncement(new Date(Date.now() - HOUR), new Date());
    await expect(edit(down, {})).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'このお知らせは取り下げ済みです' });
    await expect(edit(randomUUID(), {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(edit('not-a-uuid', {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await streamOf(down)).toHaveLength(1);
  });
});
