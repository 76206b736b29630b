import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { CqrsModule } from '@nestjs/cqrs';
import type { TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type SQL, sql as drizzleSql } from 'drizzle-orm';
import { Client, type Notification } from 'pg';
import { AppError } from '../src/core/errors/app-error';
import { ConfigModule } from '../src/config/config.module';
import { CommitSignal } from '../src/jobs/commit-signal';
import type { DatabaseConnection } from '../src/database/connection';
import { DATABASE_CONNECTION } from '../src/database/database.tokens';
import { DatabaseModule } from '../src/database/database.module';
import { DomainEvent, EventMeta, EventStore } from '../src/database/event-store';
import { OutboxRelay } from '../src/jobs/outbox-relay';
import { EventPushes } from '../src/realtime/event-pushes';
import { RealtimeModule } from '../src/realtime/realtime.module';
import { JobQueue } from '../src/jobs/job-queue';
import { JobQueueModule } from '../src/jobs/job-queue.module';
import { campusJobs, campusPushes } from '../src/campus-registrations';
import { RedisModule } from '../src/redis/redis.module';
import { appPorts, createTestDatabase, testConfig } from './support/campus-harness';
import { waitUntil } from './support/drill-campus';

class ThingHappened extends DomainEvent<{ n: number }> {
  readonly type = 'ThingHappened';
}
class ExamSubmittedForTest extends DomainEvent<{ answeredCount: number }> {
  readonly type = 'ExamSubmitted';
}
/** The hot path: no job reacts to it (the admin stream is a push from the committing process), so it must not wake the relay by itself. */
class AnswerSavedForTest extends DomainEvent<{ questionId: string }> {
  readonly type = 'AnswerSaved';
}

const meta = (): EventMeta => ({ actorId: null, requestId: randomUUID(), correlationId: randomUUID(), causationId: null });

describe('event store and outbox relay (PostgreSQL + Redis)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let moduleRef: TestingModule;
  let store: EventStore;
  let relay: OutboxRelay;
  let pushes: EventPushes;
  let queue: JobQueue;
  let sql: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ databaseUrl: database.url, redisPrefix: `it-outbox-${randomUUID().slice(0, 8)}`, port: appPorts()[0]! });
    // Compiled but not initialised: the relay's LISTEN loop stays off, so each test drives it by hand.
    moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), CqrsModule.forRoot(), DatabaseModule, RedisModule, JobQueueModule.forRoot(campusJobs), RealtimeModule.forRoot(campusPushes), DiscoveryModule],
      providers: [OutboxRelay],
    }).compile();
    store = moduleRef.get(EventStore);
    relay = moduleRef.get(OutboxRelay);
    pushes = moduleRef.get(EventPushes);
    queue = moduleRef.get(JobQueue);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await queue.queue.obliterate({ force: true });
    await sql.end();
    await moduleRef.close();
    await database.drop();
  });

  it('appends with a global seq, per-stream versions and the meta', async () => {
    const streamId = randomUUID();
    const commandMeta = meta();
    const stored = await store.commit(commandMeta, ({ append }) =>
      append({ streamType: 'thing', streamId, expectedVersion: 0 }, [new ThingHappened({ n: 1 }), new ThingHappened({ n: 2 })]),
    );
    expect(stored.map((event) => event.version)).toEqual([1, 2]);
    expect(stored[1]!.seq).toBeGreaterThan(stored[0]!.seq);
    const { rows } = await sql.query('select type, version, data, meta from events where stream_id = $1 order by seq', [streamId]);
    expect(rows).toEqual([
      { type: 'ThingHappened', version: 1, data: { n: 1 }, meta: commandMeta },
      { type: 'ThingHappened', version: 2, data: { n: 2 }, meta: commandMeta },
    ]);
  });

  it('lets exactly one of two concurrent writers at the same version win; the other gets a 409 AppError', async () => {
    const streamId = randomUUID();
    await store.commit(meta(), ({ append }) => append({ streamType: 'thing', streamId, expectedVersion: 0 }, [new ThingHappened({ n: 0 })]));
    const attempt = (n: number) =>
      store.commit(meta(), async ({ append }) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return append({ streamType: 'thing', streamId, expectedVersion: 1 }, [new ThingHappened({ n })]);
      });
    const results = await Promise.allSettled([attempt(1), attempt(2)]);
    const rejected = results.filter((result) => result.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBeInstanceOf(AppError);
    expect(rejected[0]!.reason).toMatchObject({ status: 409, code: 'CONCURRENCY_CONFLICT' });
    const { rows } = await sql.query('select version from events where stream_id = $1 order by version', [streamId]);
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
  });

  it('rolls the read-model work back with the events when the handler throws', async () => {
    const streamId = randomUUID();
    await expect(
      store.commit(meta(), async ({ append }) => {
        await append({ streamType: 'thing', streamId, expectedVersion: 0 }, [new ThingHappened({ n: 1 })]);
        throw new AppError('VALIDATION_FAILED', 'rule broken');
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const { rows } = await sql.query('select count(*)::int as n from events where stream_id = $1', [streamId]);
    expect(rows[0].n).toBe(0);
  });

  it('relays each event once per reaction with jobId <reaction>@<event id>, and marks it relayed', async () => {
    await relay.drain();
    const streamId = randomUUID();
    const [event] = await store.commit(meta(), ({ append }) =>
      append({ streamType: 'exam-session', streamId, expectedVersion: 0 }, [new ExamSubmittedForTest({ answeredCount: 3 })]),
    );
    expect(await relay.drain()).toBe(1);
    const gradeJob = await queue.queue.getJob(`grade-exam-when-exam-submitted@${event!.id}`);
    expect(gradeJob?.data).toMatchObject({ id: event!.id, type: 'ExamSubmitted', streamId });
    const { rows } = await sql.query('select relayed_at from events where id = $1', [event!.id]);
    expect(rows[0].relayed_at).toBeInstanceOf(Date);
    expect(await relay.drain()).toBe(0);
  });

  it('appends a batch in one statement after its gate: each event at the version its gate row reaches, and only where the gate wrote', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    // A gate that "writes" the rows asked to, answering the version each names.
    const gate = drizzleSql`select input.stream_id, (input.gate ->> 'version')::int as version from input where (input.gate ->> 'write')::boolean`;
    const entry = (streamId: string, n: number, version: number, write = true) => ({ meta: meta(), streamId, event: new ThingHappened({ n }), gate: { version, write } });
    const heard: string[] = [];
    const stopListening = store.onCommitted((committed) => heard.push(...committed.map((event) => event.id)));

    const [stored, notWritten] = await store.appendGated('thing', [entry(first, 1, 1), entry(second, 2, 1, false)], gate);
    expect(stored).toMatchObject({ streamId: first, version: 1, type: 'ThingHappened', data: { n: 1 } });
    expect(notWritten).toBeNull();
    expect(heard).toEqual([stored!.id]);
    // A version already taken is refused for the whole statement, by the same unique index.
    await expect(store.appendGated('thing', [entry(second, 3, 1), entry(first, 4, 1)], gate)).rejects.toMatchObject({ status: 409, code: 'CONCURRENCY_CONFLICT' });
    stopListening();
    const { rows } = await sql.query('select stream_id, version, relayed_at from events where stream_id = any($1)', [[first, second]]);
    expect(rows).toEqual([{ stream_id: first, version: 1, relayed_at: null }]);
  });

  it('makes no job of an event nothing durable reacts to', async () => {
    await relay.drain();
    const countsBefore = await queue.queue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed');
    await store.commit(meta(), ({ append }) => append({ streamType: 'thing', streamId: randomUUID(), expectedVersion: 0 }, [new ThingHappened({ n: 1 })]));
    expect(await relay.drain()).toBe(1);
    expect(await queue.queue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed')).toBe(countsBefore);
  });

  it('pushes a commit from the committing process once it is durable, and nothing of one that rolled back', async () => {
    pushes.onModuleInit();
    const order: string[] = [];
    const pushed = jest.spyOn(pushes, 'push').mockImplementation(async (events) => {
      // Seen from another connection: the rows are committed by the time they are pushed.
      const { rows } = await sql.query('select count(*)::int as n from events where id = any($1)', [events.map((event) => event.id)]);
      order.push(`push ${events.length} (${rows[0].n} stored)`);
    });
    await expect(
      store.commit(meta(), async ({ append }) => {
        await append({ streamType: 'thing', streamId: randomUUID(), expectedVersion: 0 }, [new ThingHappened({ n: 0 })]);
        throw new AppError('VALIDATION_FAILED', 'rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(pushed).not.toHaveBeenCalled();
    await store.commit(meta(), ({ append }) =>
      append({ streamType: 'thing', streamId: randomUUID(), expectedVersion: 0 }, [new ThingHappened({ n: 1 }), new ThingHappened({ n: 2 })]),
    );
    // Without the relay: nothing has been relayed yet.
    await waitUntil('the push of the commit', async () => order.length > 0, 5_000, 10);
    expect(order).toEqual(['push 2 (2 stored)']);
    pushes.onApplicationShutdown();
    pushed.mockRestore();
  });

  it('does not duplicate jobs when the relay crashes between enqueue and mark', async () => {
    await relay.drain();
    const streamId = randomUUID();
    const [event] = await store.commit(meta(), ({ append }) =>
      append({ streamType: 'exam-session', streamId, expectedVersion: 0 }, [new ExamSubmittedForTest({ answeredCount: 1 })]),
    );
    const countsBefore = await queue.queue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed');

    const crash = jest.spyOn(relay, 'markRelayed').mockRejectedValueOnce(new Error('process killed'));
    await expect(relay.drain()).rejects.toThrow('process killed');
    crash.mockRestore();
    // The job went out, but the row was not marked: the next relay sends it again…
    const { rows: pending } = await sql.query('select relayed_at from events where id = $1', [event!.id]);
    expect(pending[0].relayed_at).toBeNull();
    expect(await relay.drain()).toBe(1);

    // …and BullMQ keeps the one job with that id.
    const countsAfter = await queue.queue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed');
    expect(countsAfter - countsBefore).toBe(1);
    expect(await queue.queue.getJob(`grade-exam-when-exam-submitted@${event!.id}`)).toBeDefined();
    const { rows: marked } = await sql.query('select relayed_at from events where id = $1', [event!.id]);
    expect(marked[0].relayed_at).toBeInstanceOf(Date);
  });

  it('skips rows another relay holds (FOR UPDATE SKIP LOCKED)', async () => {
    await relay.drain();
    const streamId = randomUUID();
    await store.commit(meta(), ({ append }) => append({ streamType: 'thing', streamId, expectedVersion: 0 }, [new ThingHappened({ n: 1 })]));
    const other = new Client({ connectionString: database.url });
    await other.connect();
    await other.query('begin');
    await other.query('select seq from events where relayed_at is null for update');
    expect(await relay.drain()).toBe(0);
    await other.query('rollback');
    await other.end();
    expect(await relay.drain()).toBe(1);
  });

  it('runs no NOTIFY inside the committing transaction', async () => {
    const dialect = new PgDialect();
    const statements: string[] = [];
    await store.commit(meta(), async ({ tx, append }) => {
      // Everything the store runs on this transaction, including after `work` returns.
      const execute = tx.execute.bind(tx);
      jest.spyOn(tx, 'execute').mockImplementation((query) => {
        statements.push(dialect.sqlToQuery(query as SQL).sql);
        return execute(query);
      });
      return append({ streamType: 'exam-session', streamId: randomUUID(), expectedVersion: 1 }, [new ExamSubmittedForTest({ answeredCount: 3 })]);
    });
    expect(statements.some((text) => /insert into events/i.test(text))).toBe(true);
    expect(statements.filter((text) => /notify/i.test(text))).toEqual([]);
  });

  it('sends no NOTIFY for answer saves, and one after commit for an event with its own reaction', async () => {
    const listener = new Client({ connectionString: database.url });
    await listener.connect();
    const heard: Notification[] = [];
    listener.on('notification', (message) => heard.push(message));
    await listener.query('listen campus_events');
    try {
      const examSessionId = randomUUID();
      for (let version = 1; version <= 5; version++) {
        await store.commit(meta(), ({ append }) =>
          append({ streamType: 'exam-session', streamId: examSessionId, expectedVersion: version }, [new AnswerSavedForTest({ questionId: `q${version}` })]),
        );
      }
      await store.commit(meta(), ({ append }) =>
        append({ streamType: 'exam-session', streamId: examSessionId, expectedVersion: 6 }, [new ExamSubmittedForTest({ answeredCount: 5 })]),
      );
      // Notifications arrive in commit order: any NOTIFY of the answer saves would come before this one.
      await waitUntil('the submit to be notified', async () => heard.length > 0, 5_000, 20);
      expect(heard).toHaveLength(1);
      expect(heard[0]!.channel).toBe('campus_events');
    } finally {
      await listener.end();
    }
  });

  describe('running (LISTEN, commit signal and poll)', () => {
    let running: OutboxRelay;
    let connection: DatabaseConnection;
    const relayedAt = async (eventId: string) =>
      (await sql.query('select relayed_at from events where id = $1', [eventId])).rows[0]?.relayed_at as Date | null;
    const unrelayedOf = async (events: { id: string }[]) =>
      (await sql.query('select count(*)::int as n from events where id = any($1) and relayed_at is null', [events.map((event) => event.id)])).rows[0].n as number;

    beforeAll(async () => {
      await relay.drain();
      connection = moduleRef.get(DATABASE_CONNECTION);
      running = new OutboxRelay(connection, queue, moduleRef.get(CommitSignal), campusJobs);
      await running.onApplicationBootstrap();
    });
    afterAll(() => running.beforeApplicationShutdown());

    it('relays every event committed while it sleeps, when no wake-up reaches it (another process, a lost NOTIFY)', async () => {
      // A committing process whose signal never arrives: only the relay's poll can find these rows.
      const silent = new EventStore(connection);
      const examSessionId = randomUUID();
      const committed = await silent.commit(meta(), ({ append }) =>
        append({ streamType: 'exam-session', streamId: examSessionId, expectedVersion: 0 }, [
          new AnswerSavedForTest({ questionId: 'q1' }),
          new AnswerSavedForTest({ questionId: 'q2' }),
          new ExamSubmittedForTest({ answeredCount: 2 }),
        ]),
      );
      await waitUntil('the poll to relay the silent commit', async () => (await unrelayedOf(committed)) === 0, 5_000, 50);
      expect(await queue.queue.getJob(`grade-exam-when-exam-submitted@${committed[2]!.id}`)).toBeDefined();
      // The answer saves make no job (their only reader is the admin stream, a push), but they are relayed all the same.
      expect(await queue.queue.getJobs(['waiting', 'delayed', 'active', 'completed'])).not.toContainEqual(expect.objectContaining({ id: expect.stringContaining(committed[0]!.id) }));
    });

    it('is woken at once by a commit in its own process, without PostgreSQL in between', async () => {
      const wake = jest.spyOn(running, 'wake');
      const [event] = await store.commit(meta(), ({ append }) =>
        append({ streamType: 'exam-session', streamId: randomUUID(), expectedVersion: 0 }, [new ExamSubmittedForTest({ answeredCount: 0 })]),
      );
      // Synchronously after commit, before any poll could run.
      expect(wake).toHaveBeenCalled();
      wake.mockRestore();
      await waitUntil('the submit to be relayed', async () => Boolean(await relayedAt(event!.id)), 5_000, 20);
    });

    it('relays every one of many concurrent commits, woken or not', async () => {
      const streams = Array.from({ length: 40 }, () => randomUUID());
      const committed = (
        await Promise.all(
          streams.map((streamId, index) =>
            store.commit(meta(), ({ append }) =>
              append({ streamType: 'exam-session', streamId, expectedVersion: 0 }, [
                index % 2 ? new AnswerSavedForTest({ questionId: 'q1' }) : new ExamSubmittedForTest({ answeredCount: 1 }),
              ]),
            ),
          ),
        )
      ).flat();
      await waitUntil('all 40 to be relayed', async () => (await unrelayedOf(committed)) === 0, 10_000, 50);
      const { rows } = await sql.query('select count(*)::int as n from events where relayed_at is null');
      expect(rows[0].n).toBe(0);
    });
  });
});
