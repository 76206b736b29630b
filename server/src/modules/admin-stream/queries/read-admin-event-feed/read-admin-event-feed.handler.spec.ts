import { randomUUID } from 'node:crypto';
import { adminEventFeedQuerySchema, adminEventQuerySchema } from '../../../../contracts/admin-events';
import { DomainEvent } from '../../../../database/event-store';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { ListAdminEventsHandler } from '../list-admin-events/list-admin-events.handler';
import { ListAdminEventsQuery } from '../list-admin-events/list-admin-events.query';
import { ReadAdminEventFeedHandler } from './read-admin-event-feed.handler';
import { ReadAdminEventFeedQuery } from './read-admin-event-feed.query';

class Probed extends DomainEvent<{ n: number }> {
  readonly type = 'Probed';
}

const meta = { actorId: null, requestId: null, correlationId: 'spec', causationId: null };

// Transactions side by side need PostgreSQL's processes: server/test/admin-event-feed.int-spec.ts.
describe('ReadAdminEventFeedHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let feed: ReadAdminEventFeedHandler;
  const read = (after: string, limit?: number) =>
    feed.execute(new ReadAdminEventFeedQuery(adminEventFeedQuerySchema.parse({ after, ...(limit ? { limit: String(limit) } : {}) })));
  const commit = (...ns: number[]) =>
    store.eventStore.commit(meta, ({ append }) => append({ streamType: 'probe', streamId: randomUUID(), expectedVersion: 0 }, ns.map((n) => new Probed({ n }))));
  const numbers = (items: { data: unknown }[]) => items.map((item) => (item.data as { n: number }).n);

  beforeAll(async () => {
    store = await openPgliteStore();
    feed = new ReadAdminEventFeedHandler(store.connection);
  }, 30_000);
  afterAll(() => store.connection.close());

  it('goes on from the history page: only what was committed after it, in order, then nothing until the next commit', async () => {
    await commit(1, 2);
    const page = await new ListAdminEventsHandler(store.connection).execute(new ListAdminEventsQuery(adminEventQuerySchema.parse({})));
    expect(numbers(page.items)).toEqual([2, 1]);

    const quiet = await read(page.feedCursor);
    expect(quiet).toMatchObject({ items: [], caughtUp: true, held: false });

    await commit(3);
    await commit(4, 5);
    const next = await read(quiet.cursor);
    expect(numbers(next.items)).toEqual([3, 4, 5]);
    expect(next).toMatchObject({ caughtUp: true, held: false });
    expect(next.items[0]).toMatchObject({ type: 'Probed', streamType: 'probe', userId: null });
    expect((await read(next.cursor)).items).toEqual([]);
  });

  it('pages a backlog: not caught up until the last page, each event once along the cursors', async () => {
    const start = (await read('0.0', 500)).cursor;
    for (let n = 10; n < 17; n += 1) await commit(n);
    const seen: number[] = [];
    let cursor = start;
    const answers: boolean[] = [];
    for (;;) {
      const page = await read(cursor, 3);
      seen.push(...numbers(page.items));
      answers.push(page.caughtUp);
      cursor = page.cursor;
      if (page.caughtUp) break;
    }
    expect(seen).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(answers).toEqual([false, false, true]);
  });

  it('reads from the very beginning with the smallest cursor', async () => {
    const everything = await read('0.0', 500);
    expect(numbers(everything.items)).toEqual([1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16]);
    expect(everything.cursor).toMatch(/^\d+\.0$/);
  });
});
