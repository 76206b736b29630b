// Benchmark: GET /api/v1/learning-courses/?program=OA for a logged-in learner through the campus's
// full pipeline (session, validation, CQRS, drizzle mapping) against a raw Fastify route that runs
// the same two SQL statements on the same pool, in the same process (learning-list-server.cjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/lib.mjs';
import { ROOT, addCleanup, compareTargets, comparisonReport, freePort, startServer, temporaryDatabase } from './lib.mjs';

export const id = 'learning-list';
export const title = 'GET /api/v1/learning-courses/ (logged in) vs raw Fastify running the same SQL';

const ROUTE = '/api/v1/learning-courses/?program=OA';
const RAW_ROUTE = '/bench/raw-learning-list';
const GOAL = 0.7;

/** One request each before measuring: both must answer the same four courses. */
async function probe(/** @type {string} */ url, /** @type {Record<string, string>} */ headers) {
  const res = await fetch(url, { headers });
  const body = await res.json().catch(() => null);
  if (res.status !== 200 || body?.items?.length !== 4 || body.total !== 4) {
    throw new Error(`probe ${url} answered ${res.status} ${JSON.stringify(body)?.slice(0, 200)}`);
  }
  console.log(`[bench] ${url} → 200, ${body.items.length} courses`);
}

export async function run() {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  const databaseUrl = await temporaryDatabase('campus_bench_list');
  if (!databaseUrl) throw new Error('this benchmark needs PostgreSQL');
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-media-'));
  addCleanup(() => rmSync(mediaDir, { recursive: true, force: true }));
  const env = { LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, REDIS_PREFIX: `bench-list-${process.pid}`, DEMO_SEED: 'false' };

  console.log('[bench] importing the demo content pack');
  const imported = spawnSync(process.execPath, ['server/dist/content-import.js'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`content import failed:\n${imported.stderr}${imported.stdout}`);

  const rawPort = await freePort();
  const campus = await startServer({
    name: 'campus',
    cmd: [process.execPath, 'infra/bench/learning-list-server.cjs'],
    env: { ...env, BENCH_RAW_PORT: String(rawPort) },
    readyPath: '/api/ready',
  });
  try {
    const raw = { ...campus, name: 'raw Fastify', port: rawPort, baseUrl: `http://127.0.0.1:${rawPort}` };
    const { cookie } = await (await fetch(`${raw.baseUrl}/bench/session`)).json();
    const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
    await probe(campus.baseUrl + ROUTE, headers);
    await probe(raw.baseUrl + RAW_ROUTE, headers);

    const servers = [raw, campus];
    const { results, stats, warnings } = await compareTargets(servers, (s) => ({ url: s === raw ? raw.baseUrl + RAW_ROUTE : campus.baseUrl + ROUTE, headers }));
    const ratios = stats.map((s) => s.rps / stats[0].rps);
    const targets = [
      { name: 'raw Fastify', describe: `\`${RAW_ROUTE}\` on a bare Fastify instance (no plugins, logger off) in the campus process: the query handler's own two prepared statements (same text, same statement names, values filled by drizzle's \`fillPlaceholders\`) on the campus's own pg pool, rows sent as they come` },
      { name: 'campus', describe: `\`GET ${ROUTE}\` on \`server/dist\` as \`main.js\` builds it (PostgreSQL, a temporary database with the demo pack imported), with a logged-in learner's session cookie: session lookup, validation, query bus, drizzle mapping, the learner's favourite / started / progress flags` },
    ];
    const markdown = comparisonReport({ title, command: '`BENCH_ONLY=learning-list npm run bench` (or `npm run bench` for all)', targets, results, stats, ratios, judged: 1, goal: GOAL, warnings });
    return { id, title, markdown, ratio: ratios[1], met: ratios[1] >= GOAL };
  } finally {
    await campus.stop();
  }
}
