// Benchmark: 10,000 idle authenticated sockets on one campus API process. Memory per socket against a
// plain socket.io server (same package, same Node flags, no auth, no Redis adapter), then the latency of
// pushes through the campus's real path (the commit-pushes channel → the API's gateway → the learner's room).
// Both servers carry memory-probe.mjs and are asked for process.memoryUsage() after full collections,
// before connecting and once 10,000 sockets are connected and settled. Sockets are opened and held by
// idle-sockets-loader.mjs processes pinned to the load CPU.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from '../scripts/lib.mjs';
import { LOAD_CPU, PINNING, ROOT, SERVER_CPU, addCleanup, fmtInt, freePort, loadAverage, machine, pinned, sleep, startServer, stopProcess, temporaryDatabase } from './lib.mjs';

export const id = 'idle-sockets';
export const title = '10,000 idle authenticated sockets: memory per socket vs plain socket.io, push latency';

const envNum = (/** @type {string} */ name, /** @type {number} */ dflt) => (process.env[name] ? Number(process.env[name]) : dflt);
const SOCKETS = envNum('BENCH_IDLE_SOCKETS', 10_000);
const LOADERS = envNum('BENCH_IDLE_LOADERS', 2);
/** Handshakes in flight at once, over all loaders. */
const CONCURRENCY = envNum('BENCH_IDLE_CONCURRENCY', 200);
const PUSHES = envNum('BENCH_IDLE_PUSHES', 1_000);
const PUSH_BATCH = 50;
const BROADCASTS = 3;
/** Connected, then left alone this long before the memory is read. */
const SETTLE_MS = envNum('BENCH_IDLE_SETTLE_MS', 10_000);
/** Sockets opened and closed before the "before" reading, so one-off costs (lazy code, first buffers) fall outside it. */
const WARMUP = 200;
const GOAL_RATIO = 1.5;
const PUSH_TIMEOUT_MS = 10_000;
const BROADCAST_TIMEOUT_MS = 30_000;

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
const { Client } = serverRequire('pg');
const { Redis } = serverRequire('ioredis');
const { Emitter } = serverRequire('@socket.io/redis-emitter');
const SOCKET_IO_VERSION = serverRequire('socket.io/package.json').version;

const PROBE = pathToFileURL(path.join(ROOT, 'infra/bench/memory-probe.mjs')).href;
const LOADER = path.join(ROOT, 'infra/bench/idle-sockets-loader.mjs');
/** Same flags for both servers: the probe needs gc(). */
const NODE_FLAGS = ['--expose-gc', '--import', PROBE];

const now = () => Number(process.hrtime.bigint()) / 1e6;
const percentile = (/** @type {number[]} */ xs, /** @type {number} */ p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const mib = (/** @type {number} */ bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (/** @type {number} */ value) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : fmtInt(value)} ms` : 'n/a');

/** 10,000 sockets need 10,000 descriptors in the server: every process is started with its soft limit raised to the hard one. */
const withFdLimit = (/** @type {string[]} */ cmd) => ['sh', '-c', 'ulimit -n "$(ulimit -Hn)" && exec "$@"', 'sh', ...cmd];

function hardFdLimit() {
  const out = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  return out === 'unlimited' ? Infinity : Number(out);
}

/**
 * @typedef {{ rss: number, heapTotal: number, heapUsed: number, external: number, arrayBuffers: number, openFds: number, spaces: Record<string, number> }} Memory
 */
async function memoryOf(/** @type {number} */ probePort) {
  const response = await fetch(`http://127.0.0.1:${probePort}/`, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`memory probe: ${response.status} ${await response.text()}`);
  return /** @type {Promise<Memory>} */ (response.json());
}

/** Users with a profile, accepted terms and one login session each, written with SQL (as SessionStore.create stores them). */
async function createLearners(/** @type {any} */ database, /** @type {number} */ count) {
  const learners = Array.from({ length: count }, () => ({ userId: randomUUID(), token: randomBytes(32).toString('base64url') }));
  // server/src/modules/identity/session-store.ts: the cookie carries the token, the row its SHA-256 in hex.
  const hashOf = (/** @type {string} */ token) => createHash('sha256').update(token).digest('hex');
  await database.query(
    `insert into users (id, subject, last_name, first_name, has_profile, has_accepted_agreements)
     select id, 'bench-idle-' || ordinality, '負荷', '太郎' || ordinality, true, true from unnest($1::uuid[]) with ordinality as t(id, ordinality)`,
    [learners.map((learner) => learner.userId)],
  );
  await database.query(
    `insert into sessions (token_hash, user_id, expires_at) select hash, user_id, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as t(hash, user_id)`,
    [learners.map((learner) => hashOf(learner.token)), learners.map((learner) => learner.userId)],
  );
  return learners;
}

/** A load-generator process; `next(type)` resolves with its next message of that type. */
function startLoader(/** @type {(message: any) => void} */ onPush) {
  const [file, ...args] = pinned(LOAD_CPU, withFdLimit([process.execPath, LOADER]));
  const proc = spawn(file, args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: true });
  addCleanup(() => stopProcess(proc, 5_000));
  let out = '';
  proc.stdout?.on('data', (chunk) => (out = (out + chunk).slice(-8_000)));
  proc.stderr?.on('data', (chunk) => (out = (out + chunk).slice(-8_000)));
  /** @type {Map<string, ((message: any) => void)[]>} */
  const waiting = new Map();
  proc.on('message', (/** @type {any} */ message) => {
    if (message.type === 'push') return onPush(message);
    const resolve = waiting.get(message.type)?.shift();
    resolve?.(message);
  });
  const next = (/** @type {string} */ type, /** @type {number} */ timeoutMs) =>
    new Promise((resolve, reject) => {
      const queue = waiting.get(type) ?? [];
      waiting.set(type, queue);
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(settle), 1);
        reject(new Error(`load generator: no "${type}" within ${timeoutMs / 1000} s${proc.exitCode !== null ? ` (exited ${proc.exitCode}):\n${out}` : ''}`));
      }, timeoutMs);
      const settle = (/** @type {any} */ message) => {
        clearTimeout(timer);
        resolve(message);
      };
      queue.push(settle);
    });
  return { proc, next, send: (/** @type {object} */ message) => proc.send(message) };
}

/** @typedef {ReturnType<typeof startLoader>} Loader */

/** Open one socket per client, spread over the loaders, CONCURRENCY handshakes in flight in all. */
async function connectAll(/** @type {Loader[]} */ loaders, /** @type {{ url: string, origin: string, cookieName?: string }} */ target, /** @type {{ userId?: string, token?: string }[]} */ clients) {
  const share = Math.ceil(clients.length / loaders.length);
  const started = now();
  const replies = await Promise.all(
    loaders.map((loader, index) => {
      const reply = loader.next('connected', 15 * 60_000);
      loader.send({ type: 'connect', ...target, clients: clients.slice(index * share, (index + 1) * share), concurrency: Math.ceil(CONCURRENCY / loaders.length) });
      return reply;
    }),
  );
  /** @type {Record<string, number>} */
  const errors = {};
  for (const reply of replies) for (const [message, n] of Object.entries(reply.errors)) errors[message] = (errors[message] ?? 0) + n;
  return {
    connected: replies.reduce((n, reply) => n + reply.connected, 0),
    failed: replies.reduce((n, reply) => n + reply.failed, 0),
    errors,
    ms: now() - started,
  };
}

async function disconnectAll(/** @type {Loader[]} */ loaders) {
  await Promise.all(
    loaders.map((loader) => {
      const reply = loader.next('disconnected', 60_000);
      loader.send({ type: 'disconnect' });
      return reply;
    }),
  );
}

/** Warm up, read memory, connect every client, let them settle, read memory again. */
async function measureMemory(/** @type {Loader[]} */ loaders, /** @type {{ name: string, probePort: number, url: string, origin: string, cookieName?: string }} */ target, /** @type {{ warmup: { userId?: string, token?: string }[], clients: { userId?: string, token?: string }[] }} */ o) {
  console.log(`[bench] ${target.name}: warm-up with ${o.warmup.length} sockets`);
  const warm = await connectAll(loaders, target, o.warmup);
  if (warm.failed) throw new Error(`${target.name}: ${warm.failed} warm-up sockets failed to connect: ${JSON.stringify(warm.errors)}`);
  await disconnectAll(loaders);
  await sleep(3_000);
  const before = await memoryOf(target.probePort);
  console.log(`[bench] ${target.name}: before ${mib(before.rss)} RSS, ${mib(before.heapUsed)} heap used; connecting ${fmtInt(o.clients.length)} sockets, ${CONCURRENCY} at a time`);
  const connection = await connectAll(loaders, target, o.clients);
  console.log(`[bench] ${target.name}: ${fmtInt(connection.connected)} connected, ${connection.failed} failed in ${fmtInt(connection.ms)} ms ${connection.failed ? JSON.stringify(connection.errors) : ''}`);
  await sleep(SETTLE_MS);
  const after = await memoryOf(target.probePort);
  const per = (/** @type {'rss' | 'heapUsed' | 'heapTotal' | 'external'} */ key) => (after[key] - before[key]) / connection.connected;
  const newSpaceGrowth = after.spaces.new_space - before.spaces.new_space;
  const perSocket = {
    rss: per('rss'),
    // The young generation grows to its fixed maximum under any burst of allocation and keeps it after a full
    // collection (empty, but resident): a bounded one-off, not memory the sockets hold.
    rssWithoutNewSpace: (after.rss - before.rss - newSpaceGrowth) / connection.connected,
    heapUsed: per('heapUsed'),
    heapTotal: per('heapTotal'),
    external: per('external'),
  };
  console.log(`[bench] ${target.name}: after ${mib(after.rss)} RSS, ${mib(after.heapUsed)} heap used; per socket ${kib(perSocket.rss)} RSS, ${kib(perSocket.heapUsed)} heap used`);
  return { ...connection, before, after, perSocket };
}

/** PUSHES `unread.changed` pushes to distinct users, as a commit sends them, PUSH_BATCH in flight; ms from publish to receipt. */
async function measurePushes(/** @type {(room: string, name: string, args: unknown[]) => void} */ publishPush, /** @type {(userId: string) => string} */ userRoom, /** @type {string[]} */ userIds, /** @type {Map<string, (at: number) => void>} */ arrivals) {
  const sample = [...userIds];
  for (let index = sample.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [sample[index], sample[other]] = [sample[other], sample[index]];
  }
  sample.length = Math.min(PUSHES, sample.length);
  /** @type {number[]} */
  const latencies = [];
  let missing = 0;
  for (let index = 0; index < sample.length; index += PUSH_BATCH) {
    const batch = sample.slice(index, index + PUSH_BATCH);
    const received = batch.map(
      (userId) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => {
            arrivals.delete(userId);
            resolve(NaN);
          }, PUSH_TIMEOUT_MS);
          const sentAt = now();
          arrivals.set(userId, (at) => {
            clearTimeout(timer);
            arrivals.delete(userId);
            resolve(at - sentAt);
          });
          // The payload the notification reactions send (server/src/contracts/notifications.ts UnreadFlags).
          publishPush(userRoom(userId), 'unread.changed', [{ hasUnreadNotifications: true, hasUnreadAnnouncements: false }]);
        }),
    );
    for (const latency of await Promise.all(received)) {
      if (Number.isNaN(latency)) missing += 1;
      else latencies.push(latency);
    }
  }
  return { sent: sample.length, received: latencies.length, missing, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: Math.max(...latencies) };
}

/** `announcements.changed` to everyone, BROADCASTS times; per round, ms from emit until the last socket has it. */
async function measureBroadcasts(/** @type {any} */ emitter, /** @type {Loader[]} */ loaders) {
  const rounds = [];
  for (let round = 1; round <= BROADCASTS; round++) {
    // A late receipt of an earlier round must not count towards this one.
    for (const loader of loaders) loader.send({ type: 'broadcast-reset' });
    await sleep(2_000);
    const reports = loaders.map((loader) => loader.next('broadcast', BROADCAST_TIMEOUT_MS).catch(() => {
      const flushed = loader.next('broadcast', 10_000);
      loader.send({ type: 'broadcast-flush' });
      return flushed;
    }));
    const sentAt = now();
    emitter.emit('announcements.changed');
    const times = (await Promise.all(reports)).flatMap((report) => report.times).map((at) => at - sentAt);
    rounds.push({ received: times.length, all: Math.max(...times), p50: percentile(times, 50), p99: percentile(times, 99) });
    console.log(`[bench] broadcast ${round}: ${fmtInt(times.length)} received, last after ${ms(Math.max(...times))}`);
  }
  return rounds;
}

export async function run() {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  const fdLimit = hardFdLimit();
  if (fdLimit < SOCKETS + 1_000) throw new Error(`the hard limit on open files is ${fdLimit}; ${fmtInt(SOCKETS)} sockets need at least ${fmtInt(SOCKETS + 1_000)} (raise it with ulimit -Hn / limits.conf)`);
  const databaseUrl = await temporaryDatabase('campus_bench_idle');
  if (!databaseUrl) throw new Error('this benchmark needs PostgreSQL');
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-media-'));
  addCleanup(() => rmSync(mediaDir, { recursive: true, force: true }));
  addCleanup(() => rmSync(`${mediaDir}-certificates`, { recursive: true, force: true }));
  const redisPrefix = `bench-idle-${process.pid}`;
  const env = { LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, CERTIFICATE_DIR: `${mediaDir}-certificates`, REDIS_PREFIX: redisPrefix, DEMO_SEED: 'false', RUN_WORKER_IN_PROCESS: 'false' };
  const loadBefore = loadAverage();

  const campusProbe = await freePort();
  const plainProbe = await freePort();
  // The API migrates the fresh database as it starts.
  const campus = await startServer({ name: 'campus API', cmd: withFdLimit([process.execPath, ...NODE_FLAGS, 'server/dist/main.js']), env: { ...env, MEMORY_PROBE_PORT: String(campusProbe) }, readyPath: '/api/ready' });
  const plain = await startServer({ name: 'plain socket.io', cmd: withFdLimit([process.execPath, ...NODE_FLAGS, 'infra/bench/plain-socket-server.mjs']), env: { MEMORY_PROBE_PORT: String(plainProbe) }, readyPath: '/ready' });

  const { parseConfig } = serverRequire('./dist/config/config.js');
  const { commitPushesChannel, socketIoRedisKey } = serverRequire('./dist/realtime/realtime-publisher.js');
  const { userRoom } = serverRequire('./dist/contracts/realtime.js');
  const config = parseConfig({ ...process.env, ...env, PORT: String(campus.port) });

  const database = new Client({ connectionString: databaseUrl });
  await database.connect();
  // The temporary database is dropped with force at cleanup: a late error there is expected.
  database.on('error', () => undefined);
  const redis = new Redis(config.redis.url);
  addCleanup(async () => {
    for await (const keys of redis.scanStream({ match: `${redisPrefix}:*`, count: 1000 })) if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  const emitter = new Emitter(redis, { key: socketIoRedisKey(config) });
  // One commit's pushes as RealtimePublisher.emitAll sends them (server/src/realtime/realtime-publisher.ts).
  const publishPush = (/** @type {string} */ room, /** @type {string} */ name, /** @type {unknown[]} */ args) =>
    void redis.publish(commitPushesChannel(config), JSON.stringify([{ room, name, args }]));

  /** userId → resolves the push waiting for it */
  const arrivals = new Map();
  const loaders = Array.from({ length: LOADERS }, () => startLoader((message) => arrivals.get(message.userId)?.(message.at)));
  try {
    console.log(`[bench] creating ${fmtInt(SOCKETS + WARMUP)} learners with login sessions`);
    const learners = await createLearners(database, SOCKETS + WARMUP);
    const warmupLearners = learners.slice(SOCKETS);
    const measuredLearners = learners.slice(0, SOCKETS);

    const anonymous = (/** @type {number} */ n) => Array.from({ length: n }, () => ({}));
    const plainResult = await measureMemory(loaders, { name: plain.name, probePort: plainProbe, url: plain.baseUrl, origin: plain.baseUrl }, { warmup: anonymous(WARMUP), clients: anonymous(SOCKETS) });
    await disconnectAll(loaders);

    // The handshake checks the Origin against the API's own public origin (http://localhost:<port>).
    const campusTarget = { name: campus.name, probePort: campusProbe, url: campus.baseUrl, origin: config.publicOrigin, cookieName: config.session.cookieName };
    const campusResult = await measureMemory(loaders, campusTarget, { warmup: warmupLearners, clients: measuredLearners });

    console.log(`[bench] ${fmtInt(PUSHES)} pushes to distinct users, ${PUSH_BATCH} at a time`);
    const pushes = await measurePushes(publishPush, userRoom, measuredLearners.map((learner) => learner.userId), arrivals);
    console.log(`[bench] pushes: ${JSON.stringify(pushes)}`);
    const broadcasts = await measureBroadcasts(emitter, loaders);
    await disconnectAll(loaders);
    const loadAfter = loadAverage();

    const warnings = [];
    for (const [name, result] of /** @type {const} */ ([['plain socket.io', plainResult], ['campus API', campusResult]])) {
      if (result.failed) warnings.push(`${name}: ${result.failed} sockets failed to connect (${Object.entries(result.errors).map(([message, n]) => `${message} × ${n}`).join(', ')})`);
    }
    if (pushes.missing) warnings.push(`${pushes.missing} pushes not received within ${PUSH_TIMEOUT_MS / 1000} s`);
    for (const server of [campus, plain]) if (server.proc.exitCode !== null || server.proc.signalCode !== null) warnings.push(`${server.name} exited during the run`);

    const ratio = campusResult.perSocket.rss / plainResult.perSocket.rss;
    const heapRatio = campusResult.perSocket.heapUsed / plainResult.perSocket.heapUsed;
    const steadyRatio = campusResult.perSocket.rssWithoutNewSpace / plainResult.perSocket.rssWithoutNewSpace;
    const broadcastAll = [...broadcasts.map((round) => round.all)].sort((a, b) => a - b)[Math.floor(broadcasts.length / 2)];
    const figures = { plain: plainResult, campus: campusResult, ratio, heapRatio, pushes, broadcasts };
    console.log('[bench]', JSON.stringify({ ratio, steadyRatio, heapRatio, plain: plainResult.perSocket, campus: campusResult.perSocket }));

    const m = machine();
    const when = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
    const pin = PINNING ? `servers pinned to CPU ${SERVER_CPU}, load generators to CPU ${LOAD_CPU} (\`taskset\`)` : '**no CPU pinning** (taskset missing or fewer than 2 CPUs)';
    const cells = (/** @type {(result: typeof campusResult) => string} */ cell) => `| ${cell(plainResult)} | ${cell(campusResult)} |`;
    const markdown = [
      `## ${title}`,
      '',
      `- Date: ${when}`,
      `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}; load average before the run ${loadBefore}, after ${loadAfter} (1/5/15 min)`,
      '- Command: `BENCH_ONLY=idle-sockets npm run bench` (or `npm run bench` for all; `BENCH_IDLE_SOCKETS` changes the count)',
      `- Servers, both up for the whole run, both started as \`node ${NODE_FLAGS.slice(0, 2).join(' ')} infra/bench/memory-probe.mjs …\` with the open-file limit raised to the hard limit (${fmtInt(fdLimit)}); ${pin}:`,
      `  - plain socket.io: \`infra/bench/plain-socket-server.mjs\` — the same socket.io package (${SOCKET_IO_VERSION}) on a bare \`node:http\` server, path \`/socket.io\`, no authentication, no rooms, no Redis adapter;`,
      '  - campus API: `server/dist/main.js` (Fastify + NestJS, the Redis adapter, the gateway\'s Origin check and session lookup, the user\'s room) on a temporary PostgreSQL database, worker role not started, `LOG_LEVEL=warn`.',
      `- Sockets: ${fmtInt(SOCKETS)} socket.io clients (websocket transport) held by ${LOADERS} load-generator processes (\`infra/bench/idle-sockets-loader.mjs\`), ${CONCURRENCY} handshakes in flight at a time. ` +
        `Campus sockets are **authenticated**: ${fmtInt(SOCKETS)} distinct learners, each with a profile, accepted terms and its own login session (rows written with SQL), its session cookie and the allowed Origin on the handshake.`,
      `- Memory: \`process.memoryUsage()\` after two forced full collections (\`gc()\`), read by the probe in each server; **before** = after ${WARMUP} sockets were opened and closed (one-off costs excluded), ` +
        `**after** = all sockets connected and left idle ${SETTLE_MS / 1000} s; per socket = (after − before) / sockets connected. The goal is judged on RSS (what the process costs the machine); heap used is shown beside it.`,
      `- Pushes (campus, all ${fmtInt(campusResult.connected)} sockets connected): ${fmtInt(PUSHES)} \`unread.changed\` pushes to distinct random learners through the path a commit's pushes take — one message on the commit-pushes channel (\`commitPushesChannel\`) for the \`user:<id>\` room → Redis → the API's \`RealtimeGateway\` → the socket — ${PUSH_BATCH} in flight at a time; ` +
        `time from the publish call to receipt in the load generator (both read the machine's monotonic clock). Then ${BROADCASTS} \`announcements.changed\` broadcasts to everyone through \`@socket.io/redis-emitter\` and the API's Redis adapter (as the scheduled-announcement job sends them), 2 s apart: time from the emit until the last socket has it.`,
      '',
      '| | plain socket.io | campus API |',
      '| --- | ---: | ---: |',
      `| sockets connected / failed ${cells((result) => `${fmtInt(result.connected)} / ${result.failed}`)}`,
      `| time to connect all (${CONCURRENCY} at a time) ${cells((result) => `${(result.ms / 1000).toFixed(1)} s`)}`,
      `| RSS before → after ${cells((result) => `${mib(result.before.rss)} → ${mib(result.after.rss)}`)}`,
      `| heap used before → after ${cells((result) => `${mib(result.before.heapUsed)} → ${mib(result.after.heapUsed)}`)}`,
      `| young generation (new space) before → after ${cells((result) => `${mib(result.before.spaces.new_space)} → ${mib(result.after.spaces.new_space)}`)}`,
      `| open descriptors after ${cells((result) => fmtInt(result.after.openFds))}`,
      `| **RSS per socket** ${cells((result) => `**${kib(result.perSocket.rss)}**`)}`,
      `| RSS per socket, young generation's growth left out ${cells((result) => kib(result.perSocket.rssWithoutNewSpace))}`,
      `| heap used per socket ${cells((result) => kib(result.perSocket.heapUsed))}`,
      `| heap reserved (heapTotal) per socket ${cells((result) => kib(result.perSocket.heapTotal))}`,
      `| external (C++ / buffers) per socket ${cells((result) => kib(result.perSocket.external))}`,
      '',
      `**Ratio campus / plain socket.io, RSS per socket: ${ratio.toFixed(2)}×** (young generation left out: ${steadyRatio.toFixed(2)}×; heap used: ${heapRatio.toFixed(2)}×) — goal ≤ ${GOAL_RATIO}×: **${ratio <= GOAL_RATIO ? 'met' : 'not met'}**`,
      '',
      'The RSS ratio moves from run to run (1.15× to 1.43× over four runs before the adapter change below, while heap used stayed at 1.23× to 1.25×): RSS also counts what V8 and the allocator keep after the connection burst — ' +
        'the young generation at its 32 MiB maximum, empty but resident, and free space left in the old generation — which depends on how the burst went, not on what the sockets hold. Heap used is the steadier comparison.',
      '',
      `| Push (campus, ${fmtInt(campusResult.connected)} connected) | Value |`,
      '| --- | ---: |',
      `| \`unread.changed\` pushes sent / received | ${fmtInt(pushes.sent)} / ${fmtInt(pushes.received)} |`,
      `| push p50 | ${ms(pushes.p50)} |`,
      `| push p95 | ${ms(pushes.p95)} |`,
      `| push p99 | ${ms(pushes.p99)} |`,
      `| push max | ${ms(pushes.max)} |`,
      ...broadcasts.map((round, index) => `| broadcast ${index + 1}: all ${fmtInt(round.received)} received after (p50 ${ms(round.p50)}, p99 ${ms(round.p99)}) | ${ms(round.all)} |`),
      `| **broadcast, until all received (median of ${broadcasts.length})** | **${ms(broadcastAll)}** |`,
      '',
      'Latencies and connect times depend on what else runs on the two CPUs (load averages above); the heap-used figures do not. ' +
        'Broadcast times include the load generators\' own work: two processes sharing one CPU decode every one of the messages.',
      '',
      'Where the campus\'s extra memory per socket went (heap snapshots of both servers before and after 2,000 sockets, diffed by constructor, taken once while this benchmark was written): ' +
        'the largest part was NestJS\'s socket.io adapter, which built a `disconnect$` observable for every socket (`fromEvent(socket, \'disconnect\').pipe(share(), first())` — about a dozen closures with their contexts, kept in a WeakMap for the socket\'s life) ' +
        'although the campus gateway has no message handlers. `server/src/realtime/redis-io.adapter.ts` now skips that binding for sockets without handlers (measured with a preload first: campus heap per socket 13.6 → 11.8 KiB at 2,000 sockets). ' +
        'The rest is the learner\'s room (the `user:<id>` key and its set, the socket\'s own room set), the handshake\'s cookie and Origin headers, and the session store\'s resolved-session cache (bounded at 10,000 entries).',
    ];
    if (warnings.length) markdown.push('', ...warnings.map((warning) => `> ⚠️ ${warning}`));
    return { id, title, markdown: markdown.join('\n'), figures };
  } finally {
    await Promise.all(loaders.map((loader) => stopProcess(loader.proc, 5_000)));
    await campus.stop();
    await plain.stop();
    await database.end().catch(() => undefined);
  }
}
