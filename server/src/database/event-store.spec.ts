import { openPgliteStore } from '../testing/pglite-store';
import { DomainEvent } from './event-store';

class Counted extends DomainEvent<{ n: number }> {
  readonly type = 'Counted';
}
class Ignored extends DomainEvent<{ n: number }> {
  readonly type = 'Ignored';
}

const meta = { actorId: null, requestId: null, correlationId: 'spec', causationId: null };

describe('EventStore commits and stream locks', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;

  beforeEach(async () => {
    store = await openPgliteStore();
  });
  afterEach(() => store.connection.close());

  it("runs only the command's own work in its transaction: what hears the commit afterwards cannot undo it", async () => {
    const heard: string[] = [];
    store.eventStore.onCommitted((committed) => {
      heard.push(...committed.map((event) => event.type));
      throw new Error('a listener failed');
    });
    const stored = await store.eventStore.commit(meta, ({ append }) => append({ streamType: 'thing', streamId: 'a', expectedVersion: 0 }, [new Counted({ n: 1 })]));
    expect(stored.map((event) => event.type)).toEqual(['Counted']);
    expect(heard).toEqual(['Counted']);
    expect((await store.storedEvents()).map((event) => event.type)).toEqual(['Counted']);
  });

  it('rolls back everything the work appended when the work fails', async () => {
    await expect(
      store.eventStore.commit(meta, async ({ append }) => {
        await append({ streamType: 'thing', streamId: 'a', expectedVersion: 0 }, [new Counted({ n: 1 })]);
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect(await store.storedEvents()).toEqual([]);
  });

  it('answers a locked stream’s last version: 0 before its first event', async () => {
    expect(await store.eventStore.commit(meta, ({ lockStream }) => lockStream('thing', 'a'))).toBe(0);
    await store.eventStore.commit(meta, ({ append }) => append({ streamType: 'thing', streamId: 'a', expectedVersion: 0 }, [new Ignored({ n: 1 }), new Ignored({ n: 2 })]));
    expect(await store.eventStore.commit(meta, ({ lockStream }) => lockStream('thing', 'a'))).toBe(2);
    expect(await store.eventStore.commit(meta, ({ lockStream }) => lockStream('thing', 'b'))).toBe(0);
  });
});
