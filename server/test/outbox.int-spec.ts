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
import { JobQueue } from '../src/jobs/job-queue';
import { JobQueueModule } from '../src/jobs/job-queue.module';
import { RedisModule } from '../src/redis/redis.module';
import { appPorts, createTestDatabase, testConfig } from './support/campus-harness';

class ThingHappened extends DomainEvent<{ n: number }> {
  readonly type = 'ThingHappened';
}
class AgreementAcceptedForTest extends DomainEvent<{ termsVersion: string }> {
  readonly type = 'AgreementAccepted';
}

const meta = (): EventMeta => ({ actorId: null, requestId: randomUUID(), correlationId: randomUUID(), causationId: null });

describe('event store and outbox relay (PostgreSQL + Redis)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let moduleRef: TestingModule;
  let store: EventStore;
  let relay: OutboxRelay;
  let queue: JobQueue;
  let sql: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ databaseUrl: database.url, redisPrefix: `it-outbox-${randomUUID().slice(0, 8)}`, port: appPorts()[0]! });
    // Compiled but not initialised: the relay's LISTEN loop stays off, so each test drives it by hand.
    moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), CqrsModule.forRoot(), DatabaseModule, RedisModule, JobQueueModule],
      providers: [OutboxRelay],
    }).compile();
    store = moduleRef.get(EventStore);
    relay = moduleRef.get(OutboxRelay);
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
      append({ streamType: 'user', streamId, expectedVersion: 0 }, [new AgreementAcceptedForTest({ termsVersion: 'v1' })]),
    );
    expect(await relay.drain()).toBe(1);
    const adminJob = await queue.queue.getJob(`stream-to-admins-when-event-appended@${event!.id}`);
    const userJob = await queue.queue.getJob(`push-user-when-user-changed@${event!.id}`);
    expect(adminJob?.data).toMatchObject({ id: event!.id, type: 'AgreementAccepted', streamId });
    expect(userJob?.name).toBe('push-user-when-user-changed');
    const { rows } = await sql.query('select relayed_at from events where id = $1', [event!.id]);
    expect(rows[0].relayed_at).toBeInstanceOf(Date);
    expect(await relay.drain()).toBe(0);
  });

  it('does not duplicate jobs when the relay crashes between enqueue and mark', async () => {
    await relay.drain();
    const streamId = randomUUID();
    const [event] = await store.commit(meta(), ({ append }) =>
      append({ streamType: 'thing', streamId, expectedVersion: 0 }, [new ThingHappened({ n: 1 })]),
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
    expect(await queue.queue.getJob(`stream-to-admins-when-event-appended@${event!.id}`)).toBeDefined();
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
