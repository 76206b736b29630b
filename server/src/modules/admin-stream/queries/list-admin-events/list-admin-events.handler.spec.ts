import { randomUUID } from 'node:crypto';
import { adminEventQuerySchema } from '../../../../contracts/admin-events';
import { events } from '../../../../database/events.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { concernedUserId } from '../../admin-event-view';
import { ListAdminEventTypesHandler } from '../list-admin-event-types/list-admin-event-types.handler';
import { ListAdminEventsHandler } from './list-admin-events.handler';
import { ListAdminEventsQuery } from './list-admin-events.query';

const ACTOR = randomUUID();
const NAMED = randomUUID();
const STREAM_USER = randomUUID();
const meta = (actorId: string | null) => ({ actorId, requestId: null, correlationId: 'spec', causationId: null });

/** One event of every shape `concernedUserId` distinguishes. */
const SHAPES = [
  { streamType: 'user', streamId: STREAM_USER, type: 'ProfileUpdated', data: { userId: NAMED }, meta: meta(ACTOR) },
  { streamType: 'course', streamId: randomUUID(), type: 'LessonCompleted', data: {}, meta: meta(ACTOR) },
  { streamType: 'exam-session', streamId: randomUUID(), type: 'ExamGraded', data: { userId: NAMED }, meta: meta(null) },
  { streamType: 'user', streamId: STREAM_USER, type: 'AgreementAccepted', data: {}, meta: meta(null) },
  { streamType: 'exam-session', streamId: randomUUID(), type: 'ExamGraded', data: { userId: 42 }, meta: meta(null) },
  { streamType: 'announcement', streamId: randomUUID(), type: 'AnnouncementPublished', data: { title: 'x' }, meta: meta(null) },
  { streamType: 'legacy-badges', streamId: 'cloud-campus', type: 'LegacyBadgesImported', data: [1, 2], meta: meta(null) },
];

describe('ListAdminEventsHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: ListAdminEventsHandler;
  const list = (query: Record<string, string> = {}) => handler.execute(new ListAdminEventsQuery(adminEventQuerySchema.parse(query)));

  // Opening PGlite and migrating it takes seconds on a busy machine.
  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new ListAdminEventsHandler(store.connection);
    await store.db.insert(events).values(SHAPES.map((shape, index) => ({ ...shape, id: randomUUID(), version: index + 1 })));
  }, 30_000);
  afterAll(() => store.connection.close());

  it('lists newest first with the concerned learner computed as the live stream does', async () => {
    const page = await list();
    expect(page.nextBefore).toBeNull();
    expect(page.items.map((item) => item.type)).toEqual(SHAPES.map((shape) => shape.type).reverse());
    // The named learner before the actor (an admin acting for them), the actor before the user stream.
    expect(page.items.map((item) => item.userId)).toEqual([null, null, null, STREAM_USER, NAMED, ACTOR, NAMED]);
    expect(page.items.at(-1)).toMatchObject({ actorId: ACTOR, streamType: 'user', streamId: STREAM_USER, data: { userId: NAMED } });
  });

  it('filters by learner in SQL with exactly the meaning of concernedUserId', async () => {
    for (const userId of [ACTOR, NAMED, STREAM_USER, randomUUID()]) {
      const expected = SHAPES.filter((shape) => concernedUserId(shape) === userId).map((shape) => shape.type).reverse();
      expect((await list({ userId: userId.toUpperCase() })).items.map((item) => item.type)).toEqual(expected);
    }
    expect((await list({ userId: STREAM_USER })).items.map((item) => item.type)).toEqual(['AgreementAccepted']);
    expect((await list({ userId: NAMED })).items.map((item) => item.type)).toEqual(['ExamGraded', 'ProfileUpdated']);
    expect((await list({ userId: ACTOR })).items.map((item) => item.type)).toEqual(['LessonCompleted']);
  });

  it('filters by exact type and pages with the cursor', async () => {
    const graded = await list({ type: 'ExamGraded', limit: '1' });
    expect(graded.items).toHaveLength(1);
    expect(graded.nextBefore).toBe(graded.items[0]!.seq);
    const older = await list({ type: 'ExamGraded', limit: '1', before: String(graded.nextBefore) });
    expect(older.items[0]!.seq).toBeLessThan(graded.items[0]!.seq);
    expect(older.nextBefore).toBeNull();
    expect((await list({ type: 'Exam' })).items).toEqual([]);
  });

  it('lists the distinct types sorted', async () => {
    const { types } = await new ListAdminEventTypesHandler(store.connection).execute();
    expect(types).toEqual(['AgreementAccepted', 'AnnouncementPublished', 'ExamGraded', 'LegacyBadgesImported', 'LessonCompleted', 'ProfileUpdated']);
  });
});
