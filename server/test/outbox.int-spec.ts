import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { CqrsModule } from '@nestjs/cqrs';
import type { TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { AppError } from '../src/common/errors/app-error';
import { ConfigModule } from '../src/config/config.module';
import { DatabaseModule } from '../src/database/database.module';
import { DomainEvent, EventMeta, EventStore } from '../src/database/event-store';
import { OutboxRelay } from '../src/database/outbox/outbox-relay';
import { EventPushes } from '../src/realtime/event-pushes';
import { RealtimeModule } from '../src/realtime/realtime.module';
import { JobQueue } from '../src/jobs/job-queue';
import { JobQueueModule } from '../src/jobs/job-queue.module';
import { RedisModule } from '../src/redis/redis.module';
import { appPorts, createTestDatabase, testConfig } from './support/campus-harness';

class ThingHappened extends DomainEvent<{ n: number }> {
  readonly type = 'ThingHappened';
}
class ExamSubmittedForTest extends DomainEvent<{ answeredCount: number }> {
  readonly type = 'ExamSubmitted';
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
      imports: [ConfigModule.forRoot(config), CqrsModule.forRoot(), DatabaseModule, RedisModule, JobQueueModule, RealtimeModule, DiscoveryModule],
      providers: [OutboxRelay, EventPushes],
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

  it('makes no job of an event nothing durable reacts to: it is only pushed', async () => {
    await relay.drain();
    const countsBefore = await queue.queue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed');
    const pushed = jest.spyOn(pushes, 'push');
    const [event] = await store.commit(meta(), ({ append }) =>
      append({ streamType: 'thing', streamId: randomUUID(), expectedVersion: 0 }, [new ThingHappened({ n: 1 })]),
    );
    expect(await relay.drain()).toBe(1);
    expect(await queue.queue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed')).toBe(countsBefore);
    expect(pushed).toHaveBeenCalledWith([expect.objectContaining({ id: event!.id, type: 'ThingHappened' })]);
    pushed.mockRestore();
  });

  it('pushes a batch once it is committed, and nothing of a batch that rolled back', async () => {
    await relay.drain();
    const order: string[] = [];
    const marked = jest.spyOn(relay, 'markRelayed');
    const pushed = jest.spyOn(pushes, 'push').mockImplementation(async (events) => {
      // By the time the batch is pushed, its rows are marked relayed for everyone to see.
      const { rows } = await sql.query('select count(*)::int as n from events where id = any($1) and relayed_at is null', [events.map((event) => event.id)]);
      order.push(`push ${events.length} (${rows[0].n} unrelayed)`);
    });
    marked.mockRejectedValueOnce(new Error('process killed'));
    await store.commit(meta(), ({ append }) =>
      append({ streamType: 'thing', streamId: randomUUID(), expectedVersion: 0 }, [new ThingHappened({ n: 1 }), new ThingHappened({ n: 2 })]),
    );
    await expect(relay.drain()).rejects.toThrow('process killed');
    expect(pushed).not.toHaveBeenCalled();
    expect(await relay.drain()).toBe(2);
    expect(order).toEqual(['push 2 (0 unrelayed)']);
    pushed.mockRestore();
    marked.mockRestore();
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
});
