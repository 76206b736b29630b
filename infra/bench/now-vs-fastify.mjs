// Benchmark: GET /api/v1/now/ through the campus's full pipeline against a
// raw Fastify hello-world, in the same run, on the same (pinned) CPU.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
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

/** @param {string} dataDir @returns {Target} */
function campusTarget(dataDir) {
  if (campusOverride) {
    return {
      name: 'campus',
      cmd: campusOverride.split(/\s+/),
      readyPath: process.env.BENCH_CAMPUS_READY ?? ROUTE,
      env: {},
      describe: `\`${campusOverride}\` (**override via BENCH_CAMPUS_CMD — not the campus server**)`,
    };
  }
  return {
    name: 'campus',
    cmd: ['node', 'server/dist/main.js'],
    readyPath: '/api/ready',
    // DATA_DIR: the embedded database (used when DATABASE_URL is unset) goes
    // to a temp dir so the benchmark never touches the user's ./data.
    env: { LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    describe: '`node server/dist/main.js` (full pipeline), env `LOG_LEVEL=warn`, `DATA_DIR=<temp dir>`' +
      (process.env.DATABASE_URL ? ', `DATABASE_URL` from the environment' : ', embedded database'),
  };
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

/** Newest mtime (ms) of any file below `dir`, 0 if it doesn't exist. */
function newestMtime(/** @type {string} */ dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Build when server/dist/main.js is missing or older than server/src. */
function ensureBuilt() {
  const main = path.join(ROOT, 'server/dist/main.js');
  const srcNewest = newestMtime(path.join(ROOT, 'server/src'));
  const distNewest = newestMtime(path.join(ROOT, 'server/dist'));
  if (existsSync(main) && distNewest >= srcNewest) return;
  console.log('[bench] server/dist is missing or stale: npm run build --silent');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status})`);
  if (!existsSync(main)) throw new Error('npm run build did not produce server/dist/main.js');
}

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

  const targets = [baselineTarget, campusTarget(dataDir)];
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
          `[bench] run ${i + 1}/${SETTINGS.runs} ${s.name.padEnd(11)} ${fmtInt(r.reqPerSec).padStart(8)} req/s` +
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
    const [base, campus] = stats;
    const ratio = campus.rps / base.rps;
    const met = ratio >= GOAL;

    const markdown = report({ targets, results, stats, ratio, met, warnings });
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
 * @param {number} o.ratio
 * @param {boolean} o.met
 * @param {string[]} o.warnings
 */
function report({ targets, results, stats, ratio, met, warnings }) {
  const m = machine();
  const [bName, cName] = targets.map((t) => t.name);
  const when = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const pin = PINNING
    ? `servers pinned to CPU ${SERVER_CPU}, autocannon pinned to CPU ${LOAD_CPU} (\`taskset\`)`
    : '**no CPU pinning** (taskset missing or fewer than 2 CPUs)';
  const rows = results[0].map(
    (_, i) => `| ${i + 1} | ${fmtInt(results[0][i].reqPerSec)} | ${fmtInt(results[1][i].reqPerSec)} |`,
  );
  const lines = [
    `## ${title}`,
    '',
    `- Date: ${when}`,
    `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}`,
    '- Command: `npm run bench` (from the repository root)',
    `- Settings: autocannon, ${SETTINGS.connections} connections, ${SETTINGS.durationS} s per run; ` +
      `one ${SETTINGS.warmupS} s warm-up run per target (discarded), then ${SETTINGS.runs} measured runs per target, ` +
      `alternating ${bName} / ${cName}; ${pin}; both servers up for the whole run; medians over the measured runs`,
    `- ${bName}: ${targets[0].describe}`,
    `- ${cName}: ${targets[1].describe}`,
    '',
    `| Run | ${bName} req/s | ${cName} req/s |`,
    '| --- | ---: | ---: |',
    ...rows,
    `| **median** | **${fmtInt(stats[0].rps)}** | **${fmtInt(stats[1].rps)}** |`,
    `| p50 latency (median) | ${stats[0].p50} ms | ${stats[1].p50} ms |`,
    `| p99 latency (median) | ${stats[0].p99} ms | ${stats[1].p99} ms |`,
    `| non-2xx / errors / timeouts | ${stats[0].bad} | ${stats[1].bad} |`,
    '',
    `**Ratio ${cName} / ${bName} (median req/s): ${ratio.toFixed(2)}** — goal ≥ ${GOAL.toFixed(2)}: **${met ? 'met' : 'not met'}**`,
  ];
  if (warnings.length) lines.push('', ...warnings.map((w) => `> ⚠️ ${w}`));
  return lines.join('\n');
}
