// Benchmark: GET /api/v1/now/ through the campus's full pipeline against a
// raw Fastify hello-world, in the same run, on the same (pinned) CPU.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  LOAD_CPU,
  PINNING,
  ROOT,
  SERVER_CPU,
  addCleanup,
  fmtInt,
  machine,
  median,
  runLoad,
  startServer,
} from './lib.mjs';
// The same staleness check as `npm start`: build only when a source is newer than its output.
import { ensureBuilt } from '../scripts/lib.mjs';

export const id = 'now';
export const title = 'GET /api/v1/now/ vs raw Fastify';

const ROUTE = '/api/v1/now/';
const GOAL = 0.7;

const envNum = (/** @type {string} */ name, /** @type {number} */ dflt) =>
  process.env[name] ? Number(process.env[name]) : dflt;

// Defaults are the documented settings; the env overrides exist for quick
// local checks of the harness itself.
const SETTINGS = {
  connections: envNum('BENCH_CONNECTIONS', 50),
  durationS: envNum('BENCH_DURATION', 10),
  warmupS: envNum('BENCH_WARMUP', 2),
  runs: envNum('BENCH_RUNS', 3),
};

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

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A temporary PostgreSQL database for the production-shaped run, or null when no server answers. */
async function temporaryDatabase() {
  const { Client } = createRequire(path.join(ROOT, 'server', 'package.json'))('pg');
  const name = `campus_bench_${process.pid}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.warn(`[bench] no PostgreSQL at ${ADMIN_DATABASE_URL} (${error.message}); skipping the PostgreSQL run`);
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  addCleanup(async () => {
    const client = new Client({ connectionString: ADMIN_DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.href;
}

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

  const databaseUrl = campusOverride ? null : await temporaryDatabase();
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

    const load = (/** @type {import('./lib.mjs').Server} */ s, /** @type {number} */ duration) =>
      runLoad({ url: s.baseUrl + ROUTE, connections: SETTINGS.connections, duration });

    for (const s of servers) {
      console.log(`[bench] warm-up ${s.name} (${SETTINGS.warmupS} s, discarded)`);
      await load(s, SETTINGS.warmupS);
    }

    /** @type {import('./lib.mjs').LoadResult[][]} one array per target */
    const results = servers.map(() => []);
    for (let i = 0; i < SETTINGS.runs; i++) {
      for (const [k, s] of servers.entries()) {
        const r = await load(s, SETTINGS.durationS);
        results[k].push(r);
        console.log(
          `[bench] run ${i + 1}/${SETTINGS.runs} ${s.name.padEnd(20)} ${fmtInt(r.reqPerSec).padStart(8)} req/s` +
            `  p50 ${r.latencyP50} ms  p99 ${r.latencyP99} ms` +
            (r.non2xx || r.errors || r.timeouts ? `  non-2xx ${r.non2xx} errors ${r.errors} timeouts ${r.timeouts}` : ''),
        );
      }
    }

    for (const [k, s] of servers.entries()) {
      const bad = results[k].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
      if (bad) warnings.push(`${s.name}: ${bad} non-2xx responses / errors / timeouts during measured runs`);
      if (s.proc.exitCode !== null || s.proc.signalCode !== null) warnings.push(`${s.name} exited during the run`);
    }

    const stats = results.map((rs) => ({
      rps: median(rs.map((r) => r.reqPerSec)),
      p50: median(rs.map((r) => r.latencyP50)),
      p99: median(rs.map((r) => r.latencyP99)),
      bad: rs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
    }));
    const ratios = stats.map((s) => s.rps / stats[0].rps);
    // The goal is judged on the campus as deployed (PostgreSQL) when that run exists.
    const judged = ratios.length - 1;
    const ratio = ratios[judged];
    const met = ratio >= GOAL;

    const markdown = report({ targets, results, stats, ratios, judged, met, warnings });
    return { id, title, markdown, ratio, met };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/**
 * @param {object} o
 * @param {Target[]} o.targets
 * @param {import('./lib.mjs').LoadResult[][]} o.results
 * @param {{ rps: number, p50: number, p99: number, bad: number }[]} o.stats
 * @param {number[]} o.ratios  each target's median req/s over the baseline's
 * @param {number} o.judged  index of the target the goal is judged on
 * @param {boolean} o.met
 * @param {string[]} o.warnings
 */
function report({ targets, results, stats, ratios, judged, met, warnings }) {
  const m = machine();
  const names = targets.map((t) => t.name);
  const when = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const pin = PINNING
    ? `servers pinned to CPU ${SERVER_CPU}, autocannon pinned to CPU ${LOAD_CPU} (\`taskset\`)`
    : '**no CPU pinning** (taskset missing or fewer than 2 CPUs)';
  const cells = (/** @type {(k: number) => string} */ cell) => `| ${targets.map((_, k) => cell(k)).join(' | ')} |`;
  const rows = results[0].map((_, i) => `| ${i + 1} ${cells((k) => fmtInt(results[k][i].reqPerSec))}`);
  const lines = [
    `## ${title}`,
    '',
    `- Date: ${when}`,
    `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}`,
    '- Command: `npm run bench` (from the repository root)',
    `- Settings: autocannon, ${SETTINGS.connections} connections, ${SETTINGS.durationS} s per run; ` +
      `one ${SETTINGS.warmupS} s warm-up run per target (discarded), then ${SETTINGS.runs} measured runs per target, ` +
      `taking turns (${names.join(' / ')}); ${pin}; all servers up for the whole run; medians over the measured runs`,
    ...targets.map((t) => `- ${t.name}: ${t.describe}`),
    '',
    `| Run | ${names.map((n) => `${n} req/s`).join(' | ')} |`,
    `| --- | ${names.map(() => '---:').join(' | ')} |`,
    ...rows,
    `| **median** ${cells((k) => `**${fmtInt(stats[k].rps)}**`)}`,
    `| ratio to ${names[0]} ${cells((k) => ratios[k].toFixed(2))}`,
    `| p50 latency (median) ${cells((k) => `${stats[k].p50} ms`)}`,
    `| p99 latency (median) ${cells((k) => `${stats[k].p99} ms`)}`,
    `| non-2xx / errors / timeouts ${cells((k) => String(stats[k].bad))}`,
    '',
    `**Ratio ${names[judged]} / ${names[0]} (median req/s): ${ratios[judged].toFixed(2)}** — goal ≥ ${GOAL.toFixed(2)}: **${met ? 'met' : 'not met'}**`,
  ];
  if (warnings.length) lines.push('', ...warnings.map((w) => `> ⚠️ ${w}`));
  return lines.join('\n');
}
