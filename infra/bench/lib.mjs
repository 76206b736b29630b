// Shared helpers for the benchmarks in infra/bench/: starting/stopping
// CPU-pinned servers, running autocannon in a pinned child process, small
// statistics, and writing marked sections of docs/benchmarks.md.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
const RUNNER = path.join(ROOT, 'infra/bench/autocannon-runner.mjs');

export const SERVER_CPU = 0;
export const LOAD_CPU = 1;

/** True when servers and load generator can be pinned to separate CPUs. */
export const PINNING =
  os.cpus().length >= 2 && spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Prefix a command with `taskset -c <cpu>` when pinning is available.
 * @param {number} cpu
 * @param {string[]} cmd
 * @returns {string[]}
 */
export function pinned(cpu, cmd) {
  return PINNING ? ['taskset', '-c', String(cpu), ...cmd] : cmd;
}

/** @returns {Promise<number>} a currently free TCP port on 127.0.0.1 */
export async function freePort() {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const addr = srv.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  await new Promise((resolve) => srv.close(() => resolve(undefined)));
  return port;
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} Server
 * @property {string} name
 * @property {number} port
 * @property {string} baseUrl
 * @property {import('node:child_process').ChildProcess} proc
 * @property {() => string} output  last lines of stdout+stderr
 * @property {() => Promise<void>} stop
 */

/** Every child process we started that may still be running. */
const live = new Set();

/** @param {import('node:child_process').ChildProcess} proc @param {NodeJS.Signals} sig */
function killGroup(proc, sig) {
  if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return;
  try {
    // Children are spawned detached (own process group) so that anything a
    // server forks is stopped along with it.
    process.kill(-proc.pid, sig);
  } catch {
    try {
      proc.kill(sig);
    } catch {
      /* already gone */
    }
  }
}

/**
 * Stop a child: SIGTERM to its process group, SIGKILL after `graceMs`.
 * @param {import('node:child_process').ChildProcess} proc
 * @param {number} [graceMs]
 */
export async function stopProcess(proc, graceMs = 10_000) {
  if (proc.exitCode !== null || proc.signalCode !== null) {
    live.delete(proc);
    return;
  }
  const exited = once(proc, 'exit');
  killGroup(proc, 'SIGTERM');
  const timer = setTimeout(() => killGroup(proc, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  live.delete(proc);
}

/** @type {Array<() => void | Promise<void>>} */
const cleanups = [];

/** Register a cleanup step (removing a temp dir, dropping a database) for cleanup(). */
export function addCleanup(/** @type {() => void | Promise<void>} */ fn) {
  cleanups.push(fn);
}

/** Stop every child still running and run registered cleanups (used at the end, on error and SIGINT). */
export async function cleanup() {
  await Promise.all([...live].map((p) => stopProcess(p, 5_000)));
  for (const fn of cleanups.splice(0)) {
    try {
      await fn();
    } catch {
      /* best effort */
    }
  }
}

// Last resort if we exit without cleaning up (uncaught error, process.exit).
process.on('exit', () => {
  for (const p of live) killGroup(p, 'SIGKILL');
});

/**
 * @param {string[]} cmd
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string }} [opts]
 */
function spawnTracked(cmd, opts = {}) {
  const [file, ...args] = cmd;
  const proc = spawn(file, args, {
    cwd: opts.cwd ?? ROOT,
    env: opts.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(proc);
  proc.on('exit', () => live.delete(proc));
  return proc;
}

/**
 * Start a server pinned to SERVER_CPU and wait until `readyPath` answers 200.
 * @param {object} o
 * @param {string} o.name
 * @param {string[]} o.cmd         command without the taskset prefix
 * @param {NodeJS.ProcessEnv} [o.env]  extra env (merged over process.env; PORT is set)
 * @param {string} o.readyPath     polled until it answers 200
 * @param {number} [o.timeoutMs]
 * @param {number} [o.port]        a fixed port: a process started again in place of one that stopped
 * @returns {Promise<Server>}
 */
export async function startServer({ name, cmd, env = {}, readyPath, timeoutMs = 90_000, port: fixedPort = undefined }) {
  const port = fixedPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const proc = spawnTracked(pinned(SERVER_CPU, cmd), {
    env: { ...process.env, ...env, PORT: String(port) },
  });
  let out = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    out = (out + chunk.toString()).slice(-16_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const output = () => out.trim().split('\n').slice(-40).join('\n');

  /** @type {Server} */
  const server = { name, port, baseUrl, proc, output, stop: () => stopProcess(proc) };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(
        `${name} exited (code ${proc.exitCode}, signal ${proc.signalCode}) before becoming ready${out.trim() ? `:\n${output()}` : ''}`,
      );
    }
    try {
      const res = await fetch(baseUrl + readyPath, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return server;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stopProcess(proc, 2_000);
      throw new Error(`${name} not ready at ${baseUrl}${readyPath} after ${timeoutMs / 1000} s:\n${output()}`);
    }
    await sleep(250);
  }
}

/**
 * @typedef {object} LoadResult
 * @property {number} reqPerSec
 * @property {number} totalRequests
 * @property {number} latencyP50  ms
 * @property {number} latencyP99  ms
 * @property {number} latencyAvg  ms
 * @property {number} latencySamples  2xx responses the latency figures are based on
 * @property {number} non2xx
 * @property {number} errors
 * @property {number} timeouts
 * @property {number} durationS
 */

/**
 * Run autocannon in a child process pinned to LOAD_CPU.
 * @param {{ url: string, connections: number, duration: number, headers?: Record<string, string> }} opts
 * @returns {Promise<LoadResult>}
 */
export async function runLoad(opts) {
  const proc = spawnTracked(pinned(LOAD_CPU, [process.execPath, RUNNER, JSON.stringify(opts)]));
  let stdout = '';
  let stderr = '';
  proc.stdout?.on('data', (c) => (stdout += c));
  proc.stderr?.on('data', (c) => (stderr += c));
  const [code] = await once(proc, 'exit');
  if (code !== 0) throw new Error(`autocannon failed (exit ${code}):\n${stderr}${stdout}`);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '');
}

/** @param {number[]} xs */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** @param {number} n */
export const fmtInt = (n) => Math.round(n).toLocaleString('en-US');

/** Machine facts for the report. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus.length,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    totalMemGiB: (os.totalmem() / 2 ** 30).toFixed(1),
  };
}

/**
 * The 1, 5 and 15 minute load averages, for a bench's Machine line: figures taken while something
 * else kept the two CPUs busy are not comparable with figures from an idle machine.
 */
export const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' / ');

/**
 * Replace (or append) the section between `<!-- bench:<id> -->` and
 * `<!-- /bench:<id> -->` in a markdown file, leaving the rest intact.
 * @param {string} file
 * @param {string} id
 * @param {string} body  markdown without the markers
 */
export function writeDocSection(file, id, body) {
  const open = `<!-- bench:${id} -->`;
  const close = `<!-- /bench:${id} -->`;
  const block = `${open}\n${body.trim()}\n${close}`;
  mkdirSync(path.dirname(file), { recursive: true });
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nGenerated by `npm run bench` (infra/bench/). Each section is rewritten by its benchmark.\n';
  const start = text.indexOf(open);
  const end = text.indexOf(close, start);
  if (start !== -1 && end !== -1) {
    text = text.slice(0, start) + block + text.slice(end + close.length);
  } else {
    text = text.replace(/\n*$/, '\n\n') + block + '\n';
  }
  writeFileSync(file, text);
}

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A temporary PostgreSQL database for the production-shaped run, or null when no server answers. */
export async function temporaryDatabase(/** @type {string} */ prefix) {
  const { Client } = createRequire(path.join(ROOT, 'server', 'package.json'))('pg');
  const name = `${prefix}_${process.pid}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.warn(`[bench] no PostgreSQL at ${ADMIN_DATABASE_URL} (${error.message}); skipping what needs it`);
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

const envNum = (/** @type {string} */ name, /** @type {number} */ dflt) => (process.env[name] ? Number(process.env[name]) : dflt);

// Defaults are the documented settings; the env overrides exist for quick local checks of a harness.
export const LOAD_SETTINGS = {
  connections: envNum('BENCH_CONNECTIONS', 50),
  durationS: envNum('BENCH_DURATION', 10),
  warmupS: envNum('BENCH_WARMUP', 2),
  runs: envNum('BENCH_RUNS', 3),
};

/**
 * One warm-up per server (discarded), then LOAD_SETTINGS.runs measured runs taking turns, so every
 * target sees the same machine conditions. Medians per target; ratios are to the first server.
 * @param {Server[]} servers
 * @param {(server: Server) => { url: string, headers?: Record<string, string> }} requestOf
 */
export async function compareTargets(servers, requestOf) {
  const load = (/** @type {Server} */ s, /** @type {number} */ duration) =>
    runLoad({ ...requestOf(s), connections: LOAD_SETTINGS.connections, duration });
  for (const s of servers) {
    console.log(`[bench] warm-up ${s.name} (${LOAD_SETTINGS.warmupS} s, discarded)`);
    await load(s, LOAD_SETTINGS.warmupS);
  }
  /** @type {LoadResult[][]} one array per target */
  const results = servers.map(() => []);
  for (let i = 0; i < LOAD_SETTINGS.runs; i++) {
    for (const [k, s] of servers.entries()) {
      const r = await load(s, LOAD_SETTINGS.durationS);
      results[k].push(r);
      console.log(
        `[bench] run ${i + 1}/${LOAD_SETTINGS.runs} ${s.name.padEnd(20)} ${fmtInt(r.reqPerSec).padStart(8)} req/s` +
          `  p50 ${r.latencyP50} ms  p99 ${r.latencyP99} ms` +
          (r.non2xx || r.errors || r.timeouts ? `  non-2xx ${r.non2xx} errors ${r.errors} timeouts ${r.timeouts}` : ''),
      );
    }
  }
  /** @type {string[]} */
  const warnings = [];
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
  return { results, stats, warnings };
}

/**
 * The markdown section of one comparison.
 * @param {object} o
 * @param {string} o.title
 * @param {string} o.command  how the figures were made
 * @param {{ name: string, describe: string }[]} o.targets
 * @param {LoadResult[][]} o.results
 * @param {{ rps: number, p50: number, p99: number, bad: number }[]} o.stats
 * @param {number[]} o.ratios  each target's median req/s over the first's
 * @param {number} o.judged  index of the target the goal is judged on
 * @param {number} o.goal
 * @param {string[]} o.warnings
 */
export function comparisonReport({ title, command, targets, results, stats, ratios, judged, goal, warnings }) {
  const m = machine();
  const names = targets.map((t) => t.name);
  const met = ratios[judged] >= goal;
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
    `- Command: ${command}`,
    `- Settings: autocannon, ${LOAD_SETTINGS.connections} connections, ${LOAD_SETTINGS.durationS} s per run; ` +
      `one ${LOAD_SETTINGS.warmupS} s warm-up run per target (discarded), then ${LOAD_SETTINGS.runs} measured runs per target, ` +
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
    `**Ratio ${names[judged]} / ${names[0]} (median req/s): ${ratios[judged].toFixed(2)}** — goal ≥ ${goal.toFixed(2)}: **${met ? 'met' : 'not met'}**`,
  ];
  if (warnings.length) lines.push('', ...warnings.map((w) => `> ⚠️ ${w}`));
  return lines.join('\n');
}

/** The worker role in its own process, as in production; resolves once it runs. */
export async function startWorker(/** @type {NodeJS.ProcessEnv} */ env) {
  const proc = spawn(process.execPath, ['server/dist/worker.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = once(proc, 'exit');
    process.kill(-(/** @type {number} */ (proc.pid)), 'SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  };
  addCleanup(stop);
  let out = '';
  proc.stderr.on('data', (chunk) => (out = (out + chunk).slice(-8_000)));
  await new Promise((resolve, reject) => {
    proc.stdout.on('data', (chunk) => {
      out = (out + chunk).slice(-8_000);
      if (out.includes('campus worker running')) resolve(undefined);
    });
    proc.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${out}`)));
  });
  return { proc, stop, output: () => out };
}

/** Completed jobs are kept for a week; a benchmark's are removed with its prefix. */
export async function clearRedisPrefix(/** @type {string} */ prefix) {
  const { Redis } = serverRequire('ioredis');
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 })) if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
