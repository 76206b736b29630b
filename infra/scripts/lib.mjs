// Helpers shared by `npm start` and `npm test`. Node built-ins only: these run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

/** Newest modification time under a file or folder (dist and node_modules left out). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Runs `npm install` when node_modules is missing or older than the manifests. */
export function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const manifests = ['package.json', 'package-lock.json', 'server/package.json', 'client/package.json'];
  const newestManifest = Math.max(...manifests.map((file) => newestMtime(path.join(ROOT, file))));
  if (existsSync(marker) && statSync(marker).mtimeMs >= newestManifest) return;
  console.log('依存パッケージをインストールしています (npm install)…');
  // `npm ci` is not used: the registry mirror lacks some non-Linux builds the lockfile names.
  if (run('npm', ['install', '--no-audit', '--no-fund']) !== 0) throw new Error('npm install failed');
}

/** Builds server and client unless their outputs are newer than their sources. */
export function ensureBuilt({ force = false } = {}) {
  const stale = (output, ...sources) =>
    force || newestMtime(path.join(ROOT, output)) === 0 ||
    Math.max(...sources.map((source) => newestMtime(path.join(ROOT, source)))) > statSync(path.join(ROOT, output)).mtimeMs;
  if (stale('server/dist/main.js', 'server/src', 'server/package.json')) {
    console.log('サーバーをビルドしています…');
    if (run('npm', ['run', 'build', '-w', 'server']) !== 0) throw new Error('server build failed');
  }
  if (stale('client/dist/index.html', 'client/src', 'client/index.html', 'client/vite.config.ts', 'server/src/contracts')) {
    console.log('クライアントをビルドしています…');
    if (run('npm', ['run', 'build', '-w', 'client']) !== 0) throw new Error('client build failed');
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

export function isListening(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(check, { timeoutMs, what }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

export const httpOk = (url) => async () => (await fetch(url)).ok;

/**
 * Starts a child that is stopped with the parent; output is prefixed with its name. `formatLine`, when
 * given, rewrites each line first (the JSON log lines made readable on a terminal).
 */
export function startChild(name, command, args, env, { quiet = false, formatLine = (line) => line } = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (stream, target) =>
    stream.on('data', (chunk) => {
      if (quiet) return;
      for (const line of chunk.toString().split('\n')) if (line.trim()) target.write(`[${name}] ${formatLine(line).trimEnd()}\n`);
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return child;
}

const REDIS_START = ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'];

/** The campus needs Redis (BullMQ, socket.io). On a development machine with redis-server, start one. */
export async function ensureLocalRedis(redisUrl) {
  const url = new URL(redisUrl);
  const port = Number(url.port || 6379);
  if (await isListening(port, url.hostname)) return;
  const local = ['127.0.0.1', 'localhost'].includes(url.hostname) && port === 6379;
  if (local && run('sh', ['-c', 'command -v redis-server >/dev/null'], { stdio: 'ignore' }) === 0) {
    console.log('Redis が動いていないため、redis-server を起動します…');
    run('redis-server', REDIS_START, { stdio: 'ignore' });
    await waitFor(() => isListening(port), { timeoutMs: 10_000, what: 'Redis' });
    return;
  }
  throw new Error(`Redis (${redisUrl}) に接続できません。Redis を起動するか REDIS_URL を設定してください。`);
}
