// Shared helpers for the benchmarks in infra/bench/: starting/stopping
// CPU-pinned servers, running autocannon in a pinned child process, small
// statistics, and writing marked sections of docs/benchmarks.md.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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
 * @returns {Promise<Server>}
 */
export async function startServer({ name, cmd, env = {}, readyPath, timeoutMs = 90_000 }) {
  const port = await freePort();
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
 * @param {{ url: string, connections: number, duration: number }} opts
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
