import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { AdminEventPage, AdminEventView } from '../src/contracts/admin-events';
import { openDatabase, type DatabaseConnection } from '../src/database/connection';
import { DomainEvent, EventStore } from '../src/database/event-store';
import { feedCursorNow, followAdminFeed, readFeed } from './support/admin-feed';
import type { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { type CampusSocket, openSessionSocket, quietWindow } from './support/campus-socket';
import { logInAsDemo } from './support/dev-idp-login';
import { waitFor } from './support/wait-for';

const PROBE = 'FeedProbe';

class FeedProbe extends DomainEvent<{ n: number }> {
  readonly type = PROBE;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const probeNumbers = (events: readonly AdminEventView[]) => events.filter((event) => event.type === PROBE).map((event) => (event.data as { n: number }).n);

/**
 * Issue 32 point 15: the admins' live stream is read from the committed `events` table after a cursor,
 * not gathered from pushes, so neither a process killed between its commit and its push nor a console
 * that reconnects leaves a gap, and a transaction that commits a lower seq late is not stepped over.
 */
describe('admin live feed: every committed event once, in order, from a cursor', () => {
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let admin: BrowserLikeClient;
  let learner: BrowserLikeClient;
  const sockets: CampusSocket[] = [];

  beforeAll(async () => {
    campus = await startCampus();
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    admin = await logInAsDemo(campus.api.origin, 'admin');
    learner = await logInAsDemo(campus.api.origin, 'learner');
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await database?.end();
    await campus?.stop();
  });

  /** A probe appended as the event store appends (the `transaction_id` default included), on `client`, in whatever transaction it is in. */
  const appendProbe = async (client: Client, n: number) => {
    const { rows } = await client.query(
      `insert into events (id, stream_type, stream_id, version, type, data, meta) values ($1, 'probe', $2, 1, $3, $4, $5) returning seq`,
      [randomUUID(), randomUUID(), PROBE, { n }, { actorId: null, requestId: null, correlationId: 'feed', causationId: null }],
    );
    return Number(rows[0].seq);
  };
  const openClient = async () => {
    const client = new Client({ connectionString: campus.database.url });
    await client.connect();
    return client;
  };

  it('never steps over a transaction still open: its lower seq, committed late, comes once and before the higher one', async () => {
    const cursor = await feedCursorNow(admin);
    const early = await openClient();
    try {
      await early.query('begin');
      const lowSeq = await appendProbe(early, 1);
      const highSeq = await appendProbe(database, 2);
      expect(lowSeq).toBeLessThan(highSeq);

      // The history already shows the higher seq: a console that went on "after the highest seq seen" would never see the lower one.
      const history = (await admin.xhr('GET', `/api/v1/admin/events?type=${PROBE}`)).json<AdminEventPage>();
      expect(history.items.map((event) => event.seq)).toEqual([highSeq]);
      // The feed holds it back while the older transaction is open, and says so.
      const waiting = await readFeed(admin, cursor);
      expect(probeNumbers(waiting.items)).toEqual([]);
      expect(waiting.held).toBe(true);

      await early.query('commit');
      const delivered = await readFeed(admin, waiting.cursor);
      expect(probeNumbers(delivered.items)).toEqual([1, 2]);
      expect(delivered.items.filter((event) => event.type === PROBE).map((event) => event.seq)).toEqual([lowSeq, highSeq]);
      expect(probeNumbers((await readFeed(admin, delivered.cursor)).items)).toEqual([]);
    } finally {
      await early.end();
    }
  });

  it('a console whose hints were lost (the committing process died first) and whose socket dropped still gets every event once, in order', async () => {
    // A process of its own with no pushes, like a worker killed between its commits and their hint.
    const silent: DatabaseConnection = await openDatabase({ kind: 'postgres', url: campus.database.url, poolSize: 2 });
    try {
      const silentStore = new EventStore(silent);
      const meta = { actorId: null, requestId: null, correlationId: 'feed-silent', causationId: null };
      const commitSilently = (...ns: number[]) =>
        silentStore.commit(meta, ({ append }) => append({ streamType: 'probe', streamId: randomUUID(), expectedVersion: 0 }, ns.map((n) => new FeedProbe({ n }))));

      const socket = await openSessionSocket(campus.api.origin, admin);
      sockets.push(socket);
      // The hint of the set-up's own commits (the logins) may still be on its way: it is not this test's.
      await quietWindow();
      const hints = jest.fn();
      socket.on('admin.eventsCommitted', hints);
      // A long poll: only the hints and the reconnect make it read during the test.
      const feed = followAdminFeed(admin, socket, await feedCursorNow(admin), 60_000);

      await commitSilently(10, 11);
      await commitSilently(12);
      await quietWindow();
      expect(hints).not.toHaveBeenCalled();
      // The next commit that does hint brings the silent ones too, before it.
      expect((await learner.xhr('PUT', '/api/v1/me', { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' })).status).toBe(200);
      await waitFor('the hinted read', async () => feed.received.some((event) => event.type === 'ProfileUpdated'));
      expect(hints).toHaveBeenCalled();
      expect(probeNumbers(feed.received)).toEqual([10, 11, 12]);
      expect(feed.received.findIndex((event) => event.type === 'ProfileUpdated')).toBeGreaterThan(feed.received.findLastIndex((event) => event.type === PROBE));

      // The socket drops; events are committed meanwhile, silently and with hints nobody hears; it reconnects.
      socket.disconnect();
      await commitSilently(13);
      await appendProbe(database, 14);
      await commitSilently(15, 16);
      const again = await openSessionSocket(campus.api.origin, admin);
      sockets.push(again);
      feed.listenTo(again);
      await feed.finish();
      expect(probeNumbers(feed.received)).toEqual([10, 11, 12, 13, 14, 15, 16]);
      expect(new Set(feed.received.map((event) => event.seq)).size).toBe(feed.received.length);
    } finally {
      await silent.close();
    }
  });

  it('with transactions committing out of seq order and some rolled back, a reader reading throughout gets the table exactly, in transaction order', async () => {
    const cursor = await feedCursorNow(admin);
    const writers = await Promise.all(Array.from({ length: 6 }, openClient));
    const base = 1_000;
    let stop = false;
    // What a cursor on seq alone would deliver, for comparison: it moves to the highest seq it has read.
    let seqCursor = Number((await database.query('select coalesce(max(seq), 0) as seq from events')).rows[0].seq);
    const bySeqCursor: number[] = [];
    const viaFeed: AdminEventView[] = [];
    const reader = (async () => {
      let after = cursor;
      while (!stop) {
        const read = await readFeed(admin, after, 7);
        viaFeed.push(...read.items);
        after = read.cursor;
        const { rows } = await database.query(`select seq, data from events where seq > $1 and type = $2 order by seq`, [seqCursor, PROBE]);
        for (const row of rows) bySeqCursor.push(row.data.n);
        if (rows.length > 0) seqCursor = Number(rows.at(-1).seq);
        await sleep(3);
      }
      // The writers are done: read until nothing is held back any more.
      for (let held = true; held; ) {
        const read = await readFeed(admin, after);
        viaFeed.push(...read.items);
        after = read.cursor;
        held = read.held;
        if (held) await sleep(50);
      }
    })();
    try {
      await Promise.all(
        writers.map(async (writer, w) => {
          for (let t = 0; t < 15; t += 1) {
            const n = base + w * 100 + t;
            await writer.query('begin');
            await appendProbe(writer, n);
            // Held open for a while after taking its seq: others commit higher seqs meanwhile.
            await sleep((n * 7) % 13);
            await writer.query(t % 5 === 4 ? 'rollback' : 'commit');
          }
        }),
      );
    } finally {
      stop = true;
      await reader;
      await Promise.all(writers.map((writer) => writer.end()));
    }

    const { rows } = await database.query(`select data from events where type = $1 and (data->>'n')::int >= $2 order by transaction_id, seq`, [PROBE, base]);
    const committed = rows.map((row) => row.data.n as number);
    expect(committed).toHaveLength(6 * 12);
    expect(probeNumbers(viaFeed).filter((n) => n >= base)).toEqual(committed);
    const missedBySeq = committed.filter((n) => !bySeqCursor.includes(n));
    console.log(`feed under ${writers.length} writers: ${committed.length} committed, ${probeNumbers(viaFeed).filter((n) => n >= base).length} delivered once each; a seq cursor would have missed ${missedBySeq.length}`);
  });

  it.each([
    ['', 'after'],
    ['after=', 'after'],
    ['after=abc', 'after'],
    ['after=12', 'after'],
    ['after=1.2.3', 'after'],
    ['after=-1.0', 'after'],
    ['after=12345678901234567890.1', 'after'],
    ['after=1.1234567890123456789', 'after'],
    ['after=1.0&limit=0', 'limit'],
    ['after=1.0&limit=501', 'limit'],
    ['after=1.0&limit=ten', 'limit'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const reply = await admin.xhr('GET', `/api/v1/admin/events/feed?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field, message: expect.stringContaining(field) });
  });

  it('is for admins only', async () => {
    expect((await learner.xhr('GET', '/api/v1/admin/events/feed?after=0.0')).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
