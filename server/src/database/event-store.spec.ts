import { openPgliteStore } from '../testing/pglite-store';
import type { Transaction } from './connection';
import { DomainEvent, type InlineProjection, type StoredEvent } from './event-store';

class Counted extends DomainEvent<{ n: number }> {
  readonly type = 'Counted';
}
class Ignored extends DomainEvent<{ n: number }> {
  readonly type = 'Ignored';
}

const meta = { actorId: null, requestId: null, correlationId: 'spec', causationId: null };

/** Records what it was given and what the transaction showed it: its own events already stored. */
class Recorder implements InlineProjection {
  readonly eventTypes = ['Counted'];
  readonly calls: { seqs: number[]; visible: number }[] = [];
  failWith: Error | null = null;

  async apply(tx: Transaction, events: readonly StoredEvent[]): Promise<void> {
    const result = await tx.execute(`select count(*)::int as n from events where type = 'Counted'`);
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    this.calls.push({ seqs: events.map((event) => event.seq), visible: rows[0]!.n });
    if (this.failWith) throw this.failWith;
  }
}

describe('EventStore inline projections and stream locks', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let recorder: Recorder;

  beforeEach(async () => {
    store = await openPgliteStore();
    recorder = new Recorder();
    store.eventStore.addInlineProjection(recorder);
  });
  afterEach(() => store.connection.close());

  it('hands a projection only its event types, after their append, in the same transaction', async () => {
    const stored = await store.eventStore.commit(meta, ({ append }) =>
      append({ streamType: 'thing', streamId: 'a', expectedVersion: 0 }, [new Counted({ n: 1 }), new Ignored({ n: 2 }), new Counted({ n: 3 })]),
    );
    expect(recorder.calls).toEqual([{ seqs: [stored[0]!.seq, stored[2]!.seq], visible: 2 }]);
  });

  it('rolls the commit back when a projection fails', async () => {
    recorder.failWith = new Error('projection failed');
    await expect(
      store.eventStore.commit(meta, ({ append }) => append({ streamType: 'thing', streamId: 'a', expectedVersion: 0 }, [new Counted({ n: 1 })])),
    ).rejects.toThrow('projection failed');
    expect(await store.storedEvents()).toEqual([]);
  });

  it('refuses a projected event on the one-statement path, which has no transaction to project in', async () => {
    await expect(store.eventStore.appendInOneStatement(meta, { streamType: 'thing', streamId: 'a', expectedVersion: 0 }, [new Counted({ n: 1 })])).rejects.toThrow(
      /Counted has an inline projection/,
    );
    await store.eventStore.appendInOneStatement(meta, { streamType: 'thing', streamId: 'a', expectedVersion: 0 }, [new Ignored({ n: 1 })]);
    expect((await store.storedEvents()).map((event) => event.type)).toEqual(['Ignored']);
  });

  it('answers a locked stream’s last version: 0 before its first event', async () => {
    expect(await store.eventStore.commit(meta, ({ lockStream }) => lockStream('thing', 'a'))).toBe(0);
    await store.eventStore.commit(meta, ({ append }) => append({ streamType: 'thing', streamId: 'a', expectedVersion: 0 }, [new Ignored({ n: 1 }), new Ignored({ n: 2 })]));
    expect(await store.eventStore.commit(meta, ({ lockStream }) => lockStream('thing', 'a'))).toBe(2);
    expect(await store.eventStore.commit(meta, ({ lockStream }) => lockStream('thing', 'b'))).toBe(0);
  });
});
