import { randomUUID } from 'node:crypto';
import { campusJobs } from '../campus-registrations';
import type { QueuedJob } from './job-catalogue';

const wakesRelay = (type: string) => campusJobs.wakesRelay(type);
import type { JobQueue } from './job-queue';
import { CommitSignal } from './commit-signal';
import { type DatabaseConnection, openDatabase, rowsOf } from '../database/connection';
import { sql } from 'drizzle-orm';
import { DomainEvent, EventStore } from '../database/event-store';
import { OutboxRelay } from './outbox-relay';

class AnswerSaved extends DomainEvent<{ questionId: string }> {
  readonly type = 'AnswerSaved';
}
class ExamSubmitted extends DomainEvent<{ answeredCount: number }> {
  readonly type = 'ExamSubmitted';
}

const meta = { actorId: null, requestId: null, correlationId: 'relay-spec', causationId: null };

/** Embedded mode (PGlite): API, relay and worker in one process, so commits wake the relay directly. */
describe('OutboxRelay on PGlite', () => {
  let connection: DatabaseConnection;
  let signal: CommitSignal;
  let store: EventStore;
  let relay: OutboxRelay;
  const enqueued: QueuedJob[] = [];

  const until = async (what: string, check: () => boolean) => {
    for (const started = Date.now(); !check(); await new Promise((resolve) => setTimeout(resolve, 10))) {
      if (Date.now() - started > 5_000) throw new Error(`timed out waiting for ${what}`);
    }
  };

  beforeAll(async () => {
    connection = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await connection.migrate();
    store = new EventStore(connection);
    signal = new CommitSignal(connection, store, campusJobs);
    const jobs = { addAll: async (batch: QueuedJob[]) => void enqueued.push(...batch) } as unknown as JobQueue;
    relay = new OutboxRelay(connection, jobs, signal, campusJobs);
    await relay.onApplicationBootstrap();
  });
  afterAll(async () => {
    await relay.beforeApplicationShutdown();
    await connection.close();
  });

  it('is woken by a commit with a reaction of its own, and sends no NOTIFY for it', async () => {
    const execute = jest.spyOn(connection.db, 'execute');
    const wake = jest.spyOn(relay, 'wake');
    const [event] = await store.commit(meta, ({ append }) =>
      append({ streamType: 'exam-session', streamId: randomUUID(), expectedVersion: 0 }, [new ExamSubmitted({ answeredCount: 1 })]),
    );
    expect(wake).toHaveBeenCalled();
    // The only statements outside transactions are the relay's own probes: no pg_notify.
    expect(execute.mock.calls.map(([query]) => JSON.stringify(query))).not.toContainEqual(expect.stringContaining('pg_notify'));
    execute.mockRestore();
    wake.mockRestore();
    await until('the grading job', () => enqueued.some((job) => job.jobId === `grade-exam-when-exam-submitted@${event!.id}`));
  });

  it('wakes the relay only for events with a reaction of their own', () => {
    expect(['AnswerSaved', 'UserRegistered', 'CourseVisited'].filter(wakesRelay)).toEqual([]);
    expect(['ExamStarted', 'ExamSubmitted', 'BadgeAwarded', 'CertificateIssued'].every(wakesRelay)).toBe(true);
  });

  it('relays an answer save, which wakes nothing, through its poll', async () => {
    const wake = jest.spyOn(signal, 'committed');
    const [event] = await store.commit(meta, ({ append }) =>
      append({ streamType: 'exam-session', streamId: randomUUID(), expectedVersion: 0 }, [new AnswerSaved({ questionId: 'q1' })]),
    );
    expect(wake).toHaveBeenCalledWith(['AnswerSaved']);
    wake.mockRestore();
    // No job reacts to it: the poll marks it relayed and queues nothing.
    const relayedAt = async () => (await rowsOf<{ relayed_at: unknown }>(connection.db, sql`select relayed_at from events where id = ${event!.id}`))[0]?.relayed_at;
    for (const started = Date.now(); !(await relayedAt()); await new Promise((resolve) => setTimeout(resolve, 20))) {
      if (Date.now() - started > 5_000) throw new Error('timed out waiting for the poll to relay the answer save');
    }
    expect(enqueued.filter((job) => job.jobId.endsWith(`@${event!.id}`))).toEqual([]);
    expect(await relay.hasUnrelayed()).toBe(false);
  });
});
