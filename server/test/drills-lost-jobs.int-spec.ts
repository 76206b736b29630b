import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { SessionStore } from '../src/modules/identity/session-store';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { type PrivateRedis, startPrivateRedis } from './support/private-services';
import { spawnWorkerProcess, type WorkerProcess } from './support/worker-process';
import { rightAnswersOf } from './support/exam-answers';
import { insertReadyLearner } from './support/ready-learner';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SLUG = 'line-ads-basic';

/** Runs `work` over `items`, `width` at a time (the API, the worker and the test share two cores). */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += width) results.push(...(await Promise.all(items.slice(index, index + width).map(work))));
  return results;
}

/**
 * Fault drills R1 and R2 (issue 19): the database is the truth, the queue only a fast path. Each runs
 * against its own Redis (no persistence, SIGKILLed at will), a fresh PostgreSQL database, the API in
 * this process and the worker as a real child process.
 */
describe('drills: acknowledged work survives a killed worker and a Redis that loses everything', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-drill-media-'));
  let redis: PrivateRedis;
  let campus: Awaited<ReturnType<typeof startCampus>>;
  // A pool: the spec sends its own queries side by side (one pg client runs one at a time).
  let database: Pool;
  let worker: WorkerProcess | undefined;

  const newLearners = async (label: string, count: number) =>
    inBatches(
      Array.from({ length: count }, (_, index) => index),
      10,
      async (index) => {
        const id = randomUUID();
        await insertReadyLearner(database, { id, subject: `drill-${id}`, email: `${label}${index}-${id}@example.com` }, campus.api.config.termsVersion);
        const token = await campus.api.app.get(SessionStore).create(id, null);
        const client = new BrowserLikeClient(campus.api.origin);
        await client.jar.setCookie(`${campus.api.config.session.cookieName}=${token}; Path=/`, campus.api.origin);
        return { id, client };
      },
    );
  const start = async (client: BrowserLikeClient): Promise<string> => {
    const reply = await client.xhr('POST', `/api/v1/certification-courses/${SLUG}/exam/start/`);
    expect(reply.status).toBe(200);
    return reply.json().examSessionId;
  };
  const rightAnswers = (id: string) => rightAnswersOf(database, id);
  const submitRight = async (client: BrowserLikeClient, id: string) =>
    (await client.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, { answers: await rightAnswers(id) })).status;
  /** How many of each event type each stream has (0 when none). */
  const eventCounts = async (ids: string[], type: string): Promise<number[]> => {
    const { rows } = await database.query(`select stream_id, count(*)::int as n from events where stream_id = any($1) and type = $2 group by stream_id`, [ids, type]);
    const counts = new Map(rows.map((row: { stream_id: string; n: number }) => [row.stream_id, row.n]));
    return ids.map((id) => counts.get(id) ?? 0);
  };
  const certificateCounts = async (ids: string[]): Promise<number[]> => {
    const { rows } = await database.query(`select exam_session_id, count(*)::int as n from certificates where exam_session_id = any($1) group by exam_session_id`, [ids]);
    const counts = new Map(rows.map((row: { exam_session_id: string; n: number }) => [row.exam_session_id, row.n]));
    return ids.map((id) => counts.get(id) ?? 0);
  };
  const countWhere = async (ids: string[], condition: string): Promise<number> =>
    (await database.query(`select count(*)::int as n from exam_sessions where id = any($1) and ${condition}`, [ids])).rows[0].n;
  const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
    for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(200)) if (await check()) return;
    throw new Error(`timed out waiting for ${what}`);
  };
  const duplicates = (counts: number[]) => counts.filter((count) => count > 1).length;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    campus = await startCampus({ mediaDir, env: { REDIS_URL: redis.url } });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Pool({ connectionString: campus.database.url, max: 4 });
    worker = await spawnWorkerProcess(campus.api.config);
  }, 90_000);
  afterAll(async () => {
    await worker?.kill('SIGTERM');
    await database?.end();
    await campus?.stop();
    await redis?.kill();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  it('R1: a worker SIGKILLed mid-grading with 100 submits queued leaves each session graded once and one certificate per pass', async () => {
    const sessions = 100;
    const learners = await newLearners('r1-', sessions);
    // With the worker down, the submissions wait in the outbox and reach the new worker in one burst.
    await worker!.kill('SIGTERM');
    const ids = await inBatches(learners, 10, async ({ client }) => {
      const id = await start(client);
      expect(await submitRight(client, id)).toBe(200);
      return id;
    });

    worker = await spawnWorkerProcess(campus.api.config);
    let gradedAtKill = 0;
    for (const until = Date.now() + 30_000; Date.now() < until && gradedAtKill === 0; await sleep(2)) gradedAtKill = await countWhere(ids, `status = 'graded'`);
    await worker.kill('SIGKILL');
    const killedAt = Date.now();
    const gradedAfterKill = await countWhere(ids, `status = 'graded'`);
    const certifiedAfterKill = (await certificateCounts(ids)).filter(Boolean).length;
    // Killed after the first grade and before the last certificate: the work was in flight.
    expect(gradedAtKill).toBeGreaterThan(0);
    expect(certifiedAfterKill).toBeLessThan(sessions);

    worker = await spawnWorkerProcess(campus.api.config);
    await waitUntil('every session graded and certified', async () => (await countWhere(ids, `status = 'graded'`)) === sessions && (await certificateCounts(ids)).every(Boolean), 80_000);
    const healedInSeconds = (Date.now() - killedAt) / 1000;

    const graded = await eventCounts(ids, 'ExamGraded');
    const awarded = await eventCounts(ids, 'BadgeAwarded');
    const certificates = await certificateCounts(ids);
    expect(graded).toEqual(Array(sessions).fill(1));
    expect(awarded).toEqual(Array(sessions).fill(1));
    expect(certificates).toEqual(Array(sessions).fill(1));
    expect(await eventCounts(ids, 'ExamSubmitted')).toEqual(Array(sessions).fill(1));
    console.log(
      `R1: ${graded.filter(Boolean).length}/${sessions} graded, ${certificates.filter(Boolean).length}/${sessions} certificates, ` +
        `killed with ${gradedAfterKill} graded and ${certifiedAfterKill} certified, ${duplicates(graded) + duplicates(certificates)} duplicates, healed in ${healedInSeconds.toFixed(1)} s`,
    );
  }, 180_000);

  it('R2: Redis SIGKILLed (no persistence) after 50 acknowledged submits and with 50 sessions at their deadline: all graded and finalised once, no manual step', async () => {
    const count = 50;
    const submitters = await newLearners('r2-submit-', count);
    const absentees = await newLearners('r2-absent-', count);
    const running = await inBatches(absentees, 10, ({ client }) => start(client));
    const submitted = await inBatches(submitters, 10, ({ client }) => start(client));
    // The absentees' deadlines arrive now: their delayed finalisation jobs (due in half an hour) are in Redis only.
    const { rows } = await database.query(`update exam_sessions set deadline = date_trunc('milliseconds', now()) where id = any($1) returning id, deadline`, [running]);
    const deadlines = new Map(rows.map((row: { id: string; deadline: Date }) => [row.id, new Date(row.deadline).toISOString()]));

    const statuses = await Promise.all(submitters.map(({ client }, index) => submitRight(client, submitted[index]!)));
    expect(statuses).toEqual(Array(count).fill(200));
    await redis.kill();
    const lostAt = Date.now();
    const gradedAtLoss = await countWhere(submitted, `status = 'graded'`);

    await sleep(1_000);
    await redis.start();
    // Only the restart of a worker that did not survive the outage is allowed here; nothing re-enqueues by hand.
    const workerSurvived = worker!.process.exitCode === null && worker!.process.signalCode === null;
    if (!workerSurvived) worker = await spawnWorkerProcess(campus.api.config);

    const everyone = [...submitted, ...running];
    await waitUntil('every submission graded and every overdue session finalised and graded', async () => (await countWhere(everyone, `status = 'graded'`)) === everyone.length, 80_000);
    const healedInSeconds = (Date.now() - lostAt) / 1000;

    const submits = await eventCounts(submitted, 'ExamSubmitted');
    const expiries = await eventCounts(running, 'ExamExpired');
    const grades = await eventCounts(everyone, 'ExamGraded');
    expect(submits).toEqual(Array(count).fill(1));
    expect(expiries).toEqual(Array(count).fill(1));
    expect(grades).toEqual(Array(everyone.length).fill(1));
    expect(await eventCounts(running, 'ExamSubmitted')).toEqual(Array(count).fill(0));
    // Finished at their own deadlines, with what they had saved (nothing): failed, so no badge.
    const { rows: finished } = await database.query(`select id, finished_at, passed from exam_sessions where id = any($1)`, [running]);
    for (const row of finished) expect({ id: row.id, finishedAt: new Date(row.finished_at).toISOString(), passed: row.passed }).toEqual({ id: row.id, finishedAt: deadlines.get(row.id), passed: false });
    await waitUntil('a certificate for every pass', async () => (await certificateCounts(submitted)).every(Boolean), 60_000);
    const certificates = await certificateCounts(submitted);
    expect(certificates).toEqual(Array(count).fill(1));
    console.log(
      `R2: ${submits.filter(Boolean).length}/${count} graded, ${expiries.filter(Boolean).length}/${count} finalised (and graded), ` +
        `${certificates.filter(Boolean).length}/${count} certificates, ${gradedAtLoss} graded before the loss, ` +
        `${duplicates(submits) + duplicates(expiries) + duplicates(grades) + duplicates(certificates)} duplicates, healed in ${healedInSeconds.toFixed(1)} s ` +
        `(worker ${workerSurvived ? 'survived the outage' : 'exited during the outage and was restarted'})`,
    );
  }, 180_000);
});
