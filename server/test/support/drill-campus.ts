import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import type { AppConfig } from '../../src/config/config';
import { BrowserLikeClient } from './browser-like-client';
import { testConfig } from './campus-harness';
import { importDemoPack } from './demo-content';
import { rightAnswersOf } from './exam-answers';
import { freePort } from './free-port';
import { spawnApiProcess, spawnWorkerProcess, type WorkerProcess } from './worker-process';
import { insertReadyLearner } from './ready-learner';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 200): Promise<void> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(everyMs)) if (await check().catch(() => false)) return;
  throw new Error(`timed out waiting for ${what}`);
}

export interface DrillLearner {
  id: string;
  email: string;
  client: BrowserLikeClient;
}

/**
 * A campus for a fault drill: the API and the worker each in its own OS process (so the drill can
 * check that they outlive an outage, or SIGKILL them), on the given PostgreSQL database and Redis,
 * with the demo content imported.
 */
export async function startDrillCampus(options: { databaseUrl: string; redisUrl: string; workerEnv?: Record<string, string> }) {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-drill-media-'));
  const config: AppConfig = testConfig({
    databaseUrl: options.databaseUrl,
    redisPrefix: `drill-${randomBytes(4).toString('hex')}`,
    port: await freePort(),
    mediaDir,
    env: { REDIS_URL: options.redisUrl },
  });
  // The API migrates the database at start; the content needs the tables.
  const api = await spawnApiProcess(config);
  await importDemoPack(options.databaseUrl, mediaDir);
  let worker: WorkerProcess = await spawnWorkerProcess(config, options.workerEnv);
  // A pool, not one client: the drill may stop PostgreSQL under it, and the pool connects again.
  const database = new Pool({ connectionString: options.databaseUrl, max: 3 });
  database.on('error', () => undefined);

  return {
    config,
    api,
    get worker() {
      return worker;
    },
    database,
    async restartWorker(env?: Record<string, string>) {
      worker = await spawnWorkerProcess(config, env ?? options.workerEnv);
      return worker;
    },
    /** Learners with a profile and accepted terms, each logged in by a session row as the login makes it. */
    async learners(count: number, label: string): Promise<DrillLearner[]> {
      const learners: DrillLearner[] = [];
      for (let index = 0; index < count; index += 1) {
        const id = randomUUID();
        const token = randomBytes(32).toString('base64url');
        const email = `${label}${index}@example.com`;
        await insertReadyLearner(database, { id, subject: `drill-${id}`, email }, config.termsVersion);
        await database.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
          createHash('sha256').update(token).digest('hex'),
          id,
        ]);
        const client = new BrowserLikeClient(config.publicOrigin);
        await client.jar.setCookie(`${config.session.cookieName}=${token}; Path=/`, config.publicOrigin);
        learners.push({ id, email, client });
      }
      return learners;
    },
    /** Starts the exam; the questions as the learner sees them, and the right answers (a test may look). */
    async startExam(learner: DrillLearner, slug: string) {
      const started = await learner.client.xhr('POST', `/api/v1/certification-courses/${slug}/exam/start/`);
      if (started.status !== 200) throw new Error(`start answered ${started.status}: ${started.text}`);
      const examSessionId: string = started.json().examSessionId;
      const right = await rightAnswersOf(database, examSessionId);
      return { examSessionId, questionIds: Object.keys(right), right };
    },
    async stop() {
      await worker.kill('SIGTERM');
      await api.kill('SIGTERM');
      await database.end().catch(() => undefined);
      rmSync(mediaDir, { recursive: true, force: true });
      rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
    },
  };
}

export type DrillCampus = Awaited<ReturnType<typeof startDrillCampus>>;
