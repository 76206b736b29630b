// Benchmark: GET /api/v1/now/ through the campus's full pipeline against a
// raw Fastify hello-world, in the same run, on the same (pinned) CPU.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  ROOT,
  addCleanup,
  compareTargets,
  comparisonReport,
  startServer,
  temporaryDatabase,
} from './lib.mjs';
// The same staleness check as `npm start`: build only when a source is newer than its output.
import { ensureBuilt } from '../scripts/lib.mjs';

export const id = 'now';
export const title = 'GET /api/v1/now/ vs raw Fastify';

const ROUTE = '/api/v1/now/';
const GOAL = 0.7;


// ---------------------------------------------------------------------------
// Targets. The campus command is the only thing to change if the server's
// entry point or readiness route moves.
//
// BENCH_CAMPUS_CMD="node infra/bench/hello-fastify.mjs" replaces the campus
// server (e.g. to test the harness, expected ratio ≈ 1.0); the readiness path
// then defaults to the benchmarked route (BENCH_CAMPUS_READY overrides it) and
// no build is run.
// ---------------------------------------------------------------------------
const campusOverride = process.env.BENCH_CAMPUS_CMD?.trim();

/**
 * @typedef {object} Target
 * @property {string} name
 * @property {string[]} cmd
 * @property {string} readyPath
 * @property {Record<string, string>} env
 * @property {string} describe  shown in the report
 */

/** @param {string} dataDir @param {string | null} databaseUrl @returns {Target} */
function campusTarget(dataDir, databaseUrl) {
  if (campusOverride) {
    return {
      name: 'campus',
      cmd: campusOverride.split(/\s+/),
      readyPath: process.env.BENCH_CAMPUS_READY ?? ROUTE,
      env: {},
      describe: `\`${campusOverride}\` (**override via BENCH_CAMPUS_CMD — not the campus server**)`,
    };
  }
  if (databaseUrl) {
    return {
      name: 'campus (PostgreSQL)',
      cmd: ['node', 'server/dist/main.js'],
      readyPath: '/api/ready',
      env: { LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, REDIS_PREFIX: `bench-${process.pid}` },
      describe: '`node server/dist/main.js` (full pipeline, production shape: PostgreSQL, worker in its own process — not started here), env `LOG_LEVEL=warn`, a temporary database',
    };
  }
  return {
    name: 'campus (embedded)',
    cmd: ['node', 'server/dist/main.js'],
    readyPath: '/api/ready',
    // The embedded database goes to a temp dir so the benchmark never touches the user's ./data.
    env: { LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_PREFIX: `bench-${process.pid}` },
    describe: '`node server/dist/main.js` (full pipeline as `npm start` runs it: embedded PGlite and the worker role in the same process), env `LOG_LEVEL=warn`, `DATA_DIR=<temp dir>`',
  };
}

/** @type {Target} */
const bareNestTarget = {
  name: 'bare NestJS',
  cmd: ['node', 'infra/bench/hello-nest.mjs'],
  readyPath: ROUTE,
  env: {},
  describe: '`node infra/bench/hello-nest.mjs` (reference: one NestJS controller on Fastify, nothing else — the framework\'s own cost)',
};

const fastifyVersion = createRequire(path.join(ROOT, 'package.json'))('fastify/package.json').version;

/** @type {Target} */
const baselineTarget = {
  name: 'raw Fastify',
  cmd: ['node', 'infra/bench/hello-fastify.mjs'],
  readyPath: ROUTE,
  env: {},
  describe: `\`node infra/bench/hello-fastify.mjs\` (Fastify ${fastifyVersion}, no plugins, logger off)`,
};

// ---------------------------------------------------------------------------

/** One request before measuring, to catch a wrong route or shape early. */
async function probe(/** @type {{ name: string, baseUrl: string }} */ server) {
  const res = await fetch(server.baseUrl + ROUTE);
  const body = await res.text();
  let ok = res.status === 200;
  try {
    ok &&= typeof JSON.parse(body).value === 'number';
  } catch {
    ok = false;
  }
  const line = `[bench] ${server.name} ${ROUTE} → ${res.status} ${body.slice(0, 120)}`;
  if (ok) console.log(line);
  else console.warn(`${line}\n[bench] WARNING: expected 200 with {"value": <number>}`);
  return ok ? null : `${server.name}: probe answered ${res.status} \`${body.slice(0, 120)}\``;
}

/**
 * @returns {Promise<{ id: string, title: string, markdown: string, ratio: number, met: boolean }>}
 */
export async function run() {
  if (!campusOverride && process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-'));
  addCleanup(() => rmSync(dataDir, { recursive: true, force: true }));

  const databaseUrl = campusOverride ? null : await temporaryDatabase('campus_bench');
  const targets = [
    baselineTarget,
    ...(campusOverride ? [] : [bareNestTarget]),
    campusTarget(dataDir, null),
    ...(databaseUrl ? [campusTarget(dataDir, databaseUrl)] : []),
  ];
  /** @type {import('./lib.mjs').Server[]} */
  const servers = [];
  try {
    for (const t of targets) {
      console.log(`[bench] starting ${t.name}: ${t.cmd.join(' ')}`);
      const cmd = t.cmd[0] === 'node' ? [process.execPath, ...t.cmd.slice(1)] : t.cmd;
      const s = await startServer({ name: t.name, cmd, env: t.env, readyPath: t.readyPath });
      console.log(`[bench] ${t.name} ready on :${s.port}`);
      servers.push(s);
    }
    const warnings = (await Promise.all(servers.map(probe))).filter((w) => w !== null);

    const measured = await compareTargets(servers, (s) => ({ url: s.baseUrl + ROUTE }));
    warnings.push(...measured.warnings);
    const { results, stats } = measured;
    const ratios = stats.map((s) => s.rps / stats[0].rps);
    // The goal is judged on the campus as deployed (PostgreSQL) when that run exists.
    const judged = ratios.length - 1;
    const ratio = ratios[judged];
    const met = ratio >= GOAL;

    const markdown = comparisonReport({ title, command: '`npm run bench` (from the repository root)', targets, results, stats, ratios, judged, goal: GOAL, warnings });
    return { id, title, markdown, ratio, met };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
