// Benchmark: GET /api/v1/learning-courses/?program=OA with 20,000 learners' sessions rotating (each
// request carries the next cookie, so the session store's 3 s reuse never hits and every request looks
// its session up), through the campus's full pipeline, against a raw Fastify route in the same process
// running the same session SELECT and the same list statements on the same pool
// (session-rotation-server.cjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/lib.mjs';
import { ROOT, addCleanup, compareTargets, comparisonReport, freePort, loadAverage, startServer, temporaryDatabase } from './lib.mjs';

export const id = 'session-rotation';
export const title = 'GET /api/v1/learning-courses/ with 20,000 sessions rotating vs raw Fastify running the same session SELECT and SQL';

const ROUTE = '/api/v1/learning-courses/?program=OA';
const RAW_ROUTE = '/bench/raw-learning-list';
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 20_000);
const GOAL = 0.7;

async function probe(/** @type {string} */ url, /** @type {string} */ cookie) {
  const res = await fetch(url, { headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
  const body = await res.json().catch(() => null);
  if (res.status !== 200 || body?.items?.length !== 4 || body.total !== 4) throw new Error(`probe ${url} answered ${res.status} ${JSON.stringify(body)?.slice(0, 200)}`);
  console.log(`[bench] ${url} → 200, ${body.items.length} courses`);
}

export async function run() {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  const databaseUrl = await temporaryDatabase('campus_bench_rotation');
  if (!databaseUrl) throw new Error('this benchmark needs PostgreSQL');
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-rotation-'));
  addCleanup(() => rmSync(tempDir, { recursive: true, force: true }));
  const cookieFile = path.join(tempDir, 'cookies.json');
  const env = { LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, MEDIA_DIR: tempDir, REDIS_PREFIX: `bench-rotation-${process.pid}`, DEMO_SEED: 'false', BENCH_SESSIONS: String(SESSIONS), BENCH_COOKIE_FILE: cookieFile };

  console.log('[bench] importing the demo content pack');
  const imported = spawnSync(process.execPath, ['server/dist/content-import.js'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`content import failed:\n${imported.stderr}${imported.stdout}`);

  const rawPort = await freePort();
  console.log(`[bench] starting the campus with ${SESSIONS} learners' sessions`);
  const campus = await startServer({ name: 'campus', cmd: [process.execPath, 'infra/bench/session-rotation-server.cjs'], env: { ...env, BENCH_RAW_PORT: String(rawPort) }, readyPath: '/api/ready', timeoutMs: 180_000 });
  try {
    const raw = { ...campus, name: 'raw Fastify', port: rawPort, baseUrl: `http://127.0.0.1:${rawPort}` };
    const cookies = JSON.parse(readFileSync(cookieFile, 'utf8'));
    if (cookies.length !== SESSIONS) throw new Error(`expected ${SESSIONS} cookies, got ${cookies.length}`);
    await probe(campus.baseUrl + ROUTE, cookies[0]);
    await probe(raw.baseUrl + RAW_ROUTE, cookies[1]);

    const headers = { 'x-requested-with': 'XMLHttpRequest' };
    const { results, stats, warnings } = await compareTargets([raw, campus], (s) => ({ url: s === raw ? raw.baseUrl + RAW_ROUTE : campus.baseUrl + ROUTE, headers, cookieFile }));
    const ratios = stats.map((s) => s.rps / stats[0].rps);
    const targets = [
      { name: 'raw Fastify', describe: `\`${RAW_ROUTE}\` on a bare Fastify instance (no plugins, logger off) in the campus process: the session store's own prepared statement (\`session_lookup\`, same text and values) for the cookie's token hash, then the list handler's two prepared statements, on the campus's pool` },
      { name: 'campus', describe: `\`GET ${ROUTE}\` on \`server/dist\` as \`main.js\` builds it (PostgreSQL, a temporary database with the demo pack): session store (cache miss on every request), guards, validation, query bus, drizzle mapping` },
    ];
    const markdown = comparisonReport({
      title,
      command: '`BENCH_ONLY=session-rotation npm run bench` (`BENCH_SESSIONS` changes the count)',
      targets,
      results,
      stats,
      ratios,
      judged: 1,
      goal: GOAL,
      warnings: [
        `Rotation: ${SESSIONS.toLocaleString('en-US')} settled learners (current terms accepted), each request with the next session cookie in turn; at these rates a session comes round again after several seconds, beyond the store's 3 s reuse, so every campus request looks its session up. Their \`last_seen_at\` lies ahead so neither target writes the once-a-minute touch. Load average after the run: ${loadAverage()} (1/5/15 min).`,
        ...warnings,
      ],
    });
    return { id, title, markdown, ratio: ratios[1], met: ratios[1] >= GOAL };
  } finally {
    await campus.stop();
  }
}
