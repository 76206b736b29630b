import { once } from 'node:events';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { CAMPUS_QUEUE } from '../src/jobs/job-queue';
import { createTestDatabase } from './support/campus-harness';
import { openSessionSocket } from './support/campus-socket';
import { type DrillCampus, sleep, startDrillCampus, waitUntil } from './support/drill-campus';
import { type PrivateRedis, startPrivateRedis } from './support/private-services';

const SLUG = 'line-ads-basic';
const SUBMITS = 40;

/** How a process ended and how long after the signal. */
async function terminated(process: import('node:child_process').ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }> {
  const sentAt = Date.now();
  const exited = once(process, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  process.kill('SIGTERM');
  const [code, signal] = await exited;
  return { code, signal, afterMs: Date.now() - sentAt };
}

/**
 * Issue 23: SIGTERM (a deploy, a rolling restart) lets a process finish what it has in hand. The worker,
 * stopped while it grades a backlog of submits, finishes the jobs it holds with PostgreSQL and Redis
 * still open and starts no more: none fails, none is left active for the stall check, and the next
 * worker grades the rest, each once. The API closes its sockets so that their clients reconnect.
 * The API and the worker are real child processes; Redis is private to this spec.
 */
describe('graceful shutdown on SIGTERM', () => {
  let redis: PrivateRedis;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let campus: DrillCampus;
  let queue: Queue;
  let queueConnection: Redis;

  beforeAll(async () => {
    [redis, database] = await Promise.all([startPrivateRedis(), createTestDatabase()]);
    campus = await startDrillCampus({ databaseUrl: database.url, redisUrl: redis.url });
    queueConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    queue = new Queue(CAMPUS_QUEUE, { connection: queueConnection, prefix: `${campus.config.redis.prefix}:bull` });
  }, 180_000);

  afterAll(async () => {
    await queue?.close();
    queueConnection?.disconnect();
    await campus?.stop();
    await redis?.stop();
    await database?.drop();
  });

  const countOf = async (query: string, params: unknown[]) => (await campus.database.query(query, params)).rows[0]!.n as number;

  it('a worker stopped mid-grading finishes the jobs it holds, fails none, and the next worker grades the rest once each', async () => {
    const learners = await campus.learners(SUBMITS, 'shutdown-');
    const ids: string[] = [];
    for (const learner of learners) {
      const { examSessionId, right } = await campus.startExam(learner, SLUG);
      ids.push(examSessionId);
      expect((await learner.client.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: right })).status).toBe(200);
    }
    const graded = () => countOf(`select count(*)::int as n from exam_sessions where id = any($1) and status = 'graded'`, [ids]);
    // Stopped as soon as it has graded one: the rest of the backlog is queued or in its hands.
    await waitUntil('the first grade', async () => (await graded()) > 0, 60_000, 10);

    const { code, signal, afterMs } = await terminated(campus.worker.process);
    const gradedByTheStoppedWorker = await graded();

    // Closed by Nest's shutdown (which ends by re-raising the signal), not by the grace running out (exit code 1).
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
    expect(afterMs).toBeLessThan(campus.config.shutdownGraceMs);
    expect(await queue.getActiveCount()).toBe(0);
    expect(await queue.getFailedCount()).toBe(0);

    await campus.restartWorker();
    await waitUntil('every submit graded', async () => (await graded()) === SUBMITS, 90_000, 250);
    const grades = (
      await campus.database.query(`select count(*)::int as n from events where stream_id = any($1) and type = 'ExamGraded' group by stream_id`, [ids])
    ).rows.map((row) => row.n as number);
    expect(grades).toEqual(Array(SUBMITS).fill(1));
    expect(await queue.getFailedCount()).toBe(0);
    console.log(
      `graceful worker stop: SIGTERM after the first grade, exited in ${afterMs} ms having graded ${gradedByTheStoppedWorker}/${SUBMITS}; ` +
        `0 failed, 0 left active; the next worker graded the rest, each once`,
    );
  }, 180_000);

  it('an API stopped with sockets open exits within the grace and its sockets are told to reconnect', async () => {
    const [learner] = await campus.learners(1, 'shutdown-socket-');
    const socket = await openSessionSocket(campus.config.publicOrigin, learner!.client);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const { code, signal, afterMs } = await terminated(campus.api.process);

    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
    expect(afterMs).toBeLessThan(campus.config.shutdownGraceMs);
    // 'transport close' makes a socket.io client reconnect by itself ('io server disconnect' would not).
    expect(await Promise.race([disconnected, sleep(5_000).then(() => 'still connected')])).toBe('transport close');
    socket.close();
  }, 60_000);
});
