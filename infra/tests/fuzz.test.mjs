// HTTP fuzz of the built campus (server/dist): over ten thousand seeded requests over every operation of
// the OpenAPI document it serves, as a visitor and as a logged-in learner — malformed path segments (NUL,
// lone surrogates, broken % escapes, traversal, huge), query values and JSON bodies derived from the
// contract schemas and then broken, wrong content types and methods. No answer may be a 5xx, and every
// 4xx under /api/ is the {message, status, code} envelope. Replay a run with FUZZ_SEED=<seed>.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freePort, ROOT } from '../scripts/lib.mjs';
import { generateRequests, operationsOf } from './fuzz-requests.mjs';

const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
const { Client } = requireFromServer('pg');
const { Redis } = requireFromServer('ioredis');

const SEED = (process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 0x2026f022) >>> 0;
const MINIMUM_REQUESTS = 10_000;
/** Each (operation, identity) pair gets at least this many, however many operations the document grows to. */
const MINIMUM_PER_OPERATION = 50;
const CONCURRENCY = 16;
const IDENTITIES = ['visitor', 'learner'];
const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Pages outside /api/ that take a path segment: only "never 5xx" applies to them (they answer HTML).
const EXTRA_OPERATIONS = [{ method: 'GET', path: '/s/{code}', parameters: [] }];
// Run-dependent values travel through the generator as «name.index» and are filled in when sent, so the
// same seed gives the same requests whatever ids this run's database handed out.
const PLACEHOLDERS_PER_NAME = 6;
// The campus origin changes with its port: requests carry this token instead.
const ORIGIN_TOKEN = 'http://«origin»';
const LOGOUT_OPERATION = 'POST /api/v1/generate-logout-url/';

const databaseName = `campus_fuzz_${randomBytes(5).toString('hex')}`;
const redisPrefix = `fuzz-${randomBytes(4).toString('hex')}`;
const workDir = mkdtempSync(path.join(tmpdir(), 'campus-fuzz-'));
const children = [];
let origin;
let document;
let samples;
let learnerCookie;
/** Error log lines of the API by request id: they explain a 5xx in the report. */
const errorLogs = new Map();
let run;

function databaseUrl(name) {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.href;
}

async function adminQuery(statement) {
  const client = new Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Starts a child in its own process group (stopped with everything it forked); resolves once `ready` is printed. */
function startChild(name, args, env, ready) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 90 s:\n${output.slice(-4000)}`)), 90_000);
    const onData = (chunk) => {
      output = (output + chunk).slice(-20_000);
      for (const line of chunk.toString().split('\n')) keepErrorLog(line);
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output.slice(-4000)}`)));
  });
}

function keepErrorLog(line) {
  if (!line.startsWith('{')) return;
  try {
    const entry = JSON.parse(line);
    const id = entry.reqId ?? entry.req?.id ?? entry.requestId;
    if (entry.level >= 50 && id) errorLogs.set(id, `${entry.msg ?? ''} ${entry.err?.type ?? ''}: ${entry.err?.message ?? ''}`.trim());
  } catch {
    /* not a log line */
  }
}

async function stopChildren() {
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    const killer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }
}

/** Deletes this run's keys only: the Redis is shared with other campuses and test runs. */
async function dropRedisPrefix() {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------- HTTP

const agent = new http.Agent({ keepAlive: false, maxSockets: CONCURRENCY });

/**
 * Sends exactly these bytes of path (no URL normalisation, unlike fetch) and reads at most 64 KiB of the answer.
 * @param {{ method: string, path: string, headers?: Record<string, string>, body?: string }} request
 */
function send({ method, path: requestPath, headers = {}, body }) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    // An explicit length, also 0: without one Node sends writes chunked, which the API reads as a (bad) body.
    const request = http.request(
      { host: hostname, port, method, path: requestPath, agent, headers: { ...headers, 'content-length': payload?.length ?? 0 }, timeout: 30_000 },
      (response) => {
        const chunks = [];
        let size = 0;
        response.on('data', (chunk) => {
          if (size < 65_536) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (/** @type {NodeJS.ErrnoException} */ error) => resolve({ error: error.code ?? error.message }));
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (/** @type {NodeJS.ErrnoException} */ error) => resolve({ error: error.code ?? error.message }));
    request.end(payload);
  });
}

/** fetch with a cookie jar, one redirect at a time: the login dance through the dev IdP. */
function browser() {
  const jar = new Map();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  async function request(url, init = {}) {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(url, { ...init, headers: { ...init.headers, cookie: cookieHeader() }, redirect: 'manual' });
      // Rate limits may answer 429 to a burst of logins: wait as told and try again.
      if (response.status === 429 && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
        continue;
      }
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const [name, ...value] = pair.split('=');
        if (attributes.some((attribute) => /max-age=0/i.test(attribute))) jar.delete(name.trim());
        else jar.set(name.trim(), value.join('='));
      }
      const location = response.headers.get('location');
      return { response, location: location && new URL(location, url).href };
    }
  }
  return { request, cookieHeader };
}

async function logInAsLearner() {
  const client = browser();
  let { location } = await client.request(`${origin}/api/v1/login?currentUrl=${encodeURIComponent(`${origin}/mypage`)}`);
  ({ location } = await client.request(location));
  const interaction = new URL(location);
  ({ location } = await client.request(`${interaction.origin}${interaction.pathname}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'login=learner&password=campus',
  }));
  ({ location } = await client.request(location));
  ({ location } = await client.request(location));
  assert.equal(location, `${origin}/mypage`, 'the learner logs in through the dev IdP');
  return client.cookieHeader();
}

const xhrHeaders = (cookie) => ({ cookie, 'x-requested-with': 'XMLHttpRequest', origin });

/** Read whole (the OpenAPI document is larger than the part of a fuzz answer `send` keeps). */
async function getJson(requestPath, cookie) {
  const answer = await fetch(`${origin}${requestPath}`, { headers: cookie ? { cookie } : {} });
  return answer.status === 200 ? answer.json() : null;
}

// ------------------------------------------------------------------------------------ sample values

/** Real ids and slugs of this run (content pack, the learner's exam and certificates), by path parameter name. */
async function discoverSamples() {
  const values = {};
  const add = (name, ...items) => (values[name] ??= []).push(...items.filter((item) => typeof item === 'string' && item));
  const kinds = ['learning', 'seminar', 'video', 'certification'];
  for (const kind of kinds) {
    const list = await getJson(`/api/v1/${kind}-courses/${kind === 'learning' ? '?limit=50' : ''}`);
    const slugs = (list?.items ?? list ?? []).map((item) => item.slug);
    add('courseSlug', ...slugs.slice(0, 3));
    if (kind === 'certification') add('certificationCourseSlug', ...slugs);
    const detail = slugs[0] && (await getJson(`/api/v1/${kind}-courses/${slugs[0]}`));
    add('lessonSlug', ...(detail?.lessons ?? []).map((lesson) => lesson.slug).slice(0, 2));
  }
  // An exam in progress, so answer saves and submissions with real ids reach the exam module.
  for (const slug of values.certificationCourseSlug ?? []) {
    const started = await send({ method: 'POST', path: `/api/v1/certification-courses/${slug}/exam/start/`, headers: xhrHeaders(learnerCookie) });
    if (started.status !== 200) continue;
    const session = await getJson(`/api/v1/certification-courses/${slug}/exam`, learnerCookie);
    add('examSessionId', JSON.parse(started.text).examSessionId);
    add('questionId', ...session.questions.map((question) => question.questionId));
    add('choiceId', ...session.questions.flatMap((question) => question.choices.map((choice) => choice.choiceId)));
    values.certificationCourseSlug.unshift(slug);
    break;
  }
  add('announcementId', ...((await getJson('/api/v1/announcements/'))?.items ?? []).map((item) => item.id));
  add('notificationId', ...((await getJson('/api/v1/notifications/', learnerCookie))?.items ?? []).map((item) => item.id));
  const certificates = (await getJson('/api/v1/certificates/', learnerCookie))?.items ?? [];
  add('certificateId', ...certificates.map((certificate) => certificate.certificateId));
  add('slug', ...certificates.map((certificate) => certificate.slug));
  add('queueName', 'exam-grading', 'notifications', 'certificates');
  add('jobId', '1', '42');
  add('code', 'abc123', 'zzzzzz');
  return values;
}

/** The generator's view of the samples: placeholders only, identical in every run. */
function placeholderSamples(names) {
  return Object.fromEntries(names.map((name) => [name, Array.from({ length: PLACEHOLDERS_PER_NAME }, (_, index) => `«${name}.${index}»`)]));
}

const SAMPLE_NAMES = ['courseSlug', 'certificationCourseSlug', 'lessonSlug', 'examSessionId', 'questionId', 'choiceId', 'announcementId',
  'notificationId', 'certificateId', 'slug', 'queueName', 'jobId', 'importId', 'code'];
const FALLBACK_ID = '00000000-0000-4000-8000-000000000000';

function realValue(name, index) {
  const pool = samples[name];
  return pool?.length ? pool[Number(index) % pool.length] : FALLBACK_ID;
}

/** Fills in this run's ids: percent-encoded in the path and query, JSON-escaped in the body. */
function withRealValues(request) {
  const encoded = /%C2%AB(\w+)\.(\d+)%C2%BB/g;
  const raw = /«(\w+)\.(\d+)»/g;
  return {
    ...request,
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, value.replace(ORIGIN_TOKEN, origin)])),
    path: request.path.replace(encoded, (_, name, index) => encodeURIComponent(realValue(name, index))).replace(raw, (_, name, index) => encodeURIComponent(realValue(name, index))),
    body: request.body?.replace(raw, (_, name, index) => JSON.stringify(realValue(name, index)).slice(1, -1)),
  };
}

// ------------------------------------------------------------------------------------------ the run

function requestsFor(seed) {
  const operations = operationsOf(document).length + EXTRA_OPERATIONS.length;
  const perOperation = Math.max(MINIMUM_PER_OPERATION, Math.ceil(MINIMUM_REQUESTS / (operations * IDENTITIES.length)));
  return generateRequests({ seed, document, extraOperations: EXTRA_OPERATIONS, identities: IDENTITIES, perOperation, samples: placeholderSamples(SAMPLE_NAMES), origin: ORIGIN_TOKEN });
}

const fingerprint = (requests) => createHash('sha256').update(JSON.stringify(requests)).digest('hex').slice(0, 16);

function isEnvelope(answer) {
  if (!/^application\/json/.test(answer.headers['content-type'] ?? '')) return false;
  try {
    const body = JSON.parse(answer.text);
    return typeof body.message === 'string' && body.message.length > 0 && body.status === answer.status && typeof body.code === 'string';
  } catch {
    return false;
  }
}

async function execute(request) {
  const sent = withRealValues(request);
  const headers = { ...sent.headers };
  if (sent.identity === 'learner' && headers.cookie === undefined) headers.cookie = learnerCookie;
  const answer = await send({ ...sent, headers });
  return { request: sent, answer };
}

/**
 * Over-long request heads (URL and headers past Node's 16 KiB) are refused by the HTTP parser, which closes
 * the connection; sent alongside others from this one process, that close was seen to reset a neighbour's
 * connection too, so they go one at a time after the concurrent part.
 */
const isOversized = (request) => request.path.length + JSON.stringify(request.headers).length > 16_000;

async function fuzz() {
  const requests = requestsFor(SEED);
  const isLogout = (request) => request.identity === 'learner' && request.operation === LOGOUT_OPERATION;
  const results = [];
  const queue = requests.filter((request) => !isLogout(request) && !isOversized(request));
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let request = queue.shift(); request; request = queue.shift()) results.push(await execute(request));
    }),
  );
  for (const request of requests.filter((request) => !isLogout(request) && isOversized(request))) results.push(await execute(request));
  const learnerStillLoggedIn = (await send({ method: 'GET', path: '/api/v1/me', headers: { cookie: learnerCookie } })).status === 200;
  // Logout ends the learner's session: those requests go last, one at a time, logging in again after each success.
  for (const request of requests.filter(isLogout)) {
    const result = await execute(request);
    results.push(result);
    if (result.answer.status === 200) learnerCookie = await logInAsLearner();
  }
  return { requests, results, learnerStillLoggedIn, seconds: (Date.now() - started) / 1000 };
}

function describe({ request, answer }) {
  // The learner's own session cookie is added when sent, so only a fuzzed cookie shows here.
  const headerFlags = Object.entries(request.headers)
    .map(([name, value]) => `-H '${name}: ${String(value).slice(0, 80)}'`)
    .join(' ');
  const body = request.body === undefined ? '' : ` --data-binary '${request.body.length > 120 ? `${request.body.slice(0, 120)}…(${request.body.length} chars)` : request.body}'`;
  const url = request.path.length > 200 ? `${request.path.slice(0, 200)}…(${request.path.length} chars)` : request.path;
  const log = answer.headers?.['x-request-id'] && errorLogs.get(answer.headers['x-request-id']);
  const what = answer.error ? `no answer: ${answer.error}` : `${answer.status} ${answer.text.slice(0, 160).replace(/\s+/g, ' ') || '(empty body)'}`;
  return `[${request.identity}] ${request.operation} → ${what}${log ? `\n      log: ${log.slice(0, 200)}` : ''}\n      curl -i -X ${request.method} '$ORIGIN${url}' ${headerFlags}${body}`;
}

function errorCodeOf(answer) {
  if (answer.error) return answer.error;
  try {
    return JSON.parse(answer.text).code ?? '';
  } catch {
    return answer.text.slice(0, 40) || '(empty body)';
  }
}

/** One entry per distinct case (by `keyOf`), with how often it came, on how many routes, and its shortest reproduction. */
function distinctCases(failures, keyOf) {
  const groups = new Map();
  for (const failure of failures) {
    const key = keyOf(failure);
    const size = failure.request.path.length + (failure.request.body?.length ?? 0);
    const group = groups.get(key) ?? { count: 0, routes: new Set(), size: Infinity, failure };
    group.count += 1;
    group.routes.add(failure.request.operation);
    if (size < group.size) Object.assign(group, { size, failure });
    groups.set(key, group);
  }
  const lines = [...groups.values()]
    .sort((a, b) => b.count - a.count)
    .map((group) => `  ${group.count}× on ${group.routes.size} route(s), e.g. ${describe(group.failure)}`);
  return lines.length > 60 ? [...lines.slice(0, 60), `  … and ${lines.length - 60} more cases`] : lines;
}

before(async () => {
  const [port, idpPort] = [await freePort(), await freePort()];
  origin = `http://localhost:${port}`;
  const issuer = `http://localhost:${idpPort}`;
  await adminQuery(`create database ${databaseName}`);
  const env = {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATABASE_URL: databaseUrl(databaseName),
    DATABASE_POOL_SIZE: '10',
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    OIDC_ISSUER: issuer,
    LOG_LEVEL: 'error',
    RUN_WORKER_IN_PROCESS: 'true',
    // The fuzz is for the handlers behind the limits (rate-limits.int-spec.ts tests the limits themselves).
    RATE_LIMIT_SCALE: '100',
    CLIENT_DIST_DIR: path.join(workDir, 'no-client'),
    MEDIA_DIR: path.join(workDir, 'media'),
    CERTIFICATE_DIR: path.join(workDir, 'certificates'),
  };
  await startChild('dev IdP', ['infra/dev-idp/server.mjs'], {
    DEV_IDP_PORT: String(idpPort),
    DEV_IDP_ISSUER: issuer,
    DEV_IDP_REDIRECT_URIS: `${origin}/api/v1/login/callback`,
    DEV_IDP_POST_LOGOUT_REDIRECT_URIS: `${origin}/`,
  }, 'listening');
  const imported = spawnSync(process.execPath, ['server/dist/content-import.js'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  assert.equal(imported.status, 0, `content import failed:\n${imported.stdout}${imported.stderr}`);
  await startChild('API', ['server/dist/main.js'], env, 'campus API listening');
  document = await getJson('/api/docs');
  assert.ok(document?.paths, 'the API serves its OpenAPI document at /api/docs');
  learnerCookie = await logInAsLearner();
  samples = await discoverSamples();
  run = await fuzz();
  // Every request and its answer, for digging into a failure: FUZZ_RESULTS_FILE=/tmp/fuzz.jsonl.
  if (process.env.FUZZ_RESULTS_FILE) {
    writeFileSync(process.env.FUZZ_RESULTS_FILE, run.results.map(({ request, answer }) => JSON.stringify({ request, answer: { ...answer, text: answer.text?.slice(0, 300) } })).join('\n'));
  }

  const classes = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, 'no answer': 0 };
  for (const { answer } of run.results) classes[answer.error ? 'no answer' : `${String(answer.status)[0]}xx`] += 1;
  const perClass = Object.entries(classes).map(([name, count]) => `${name}=${count}`).join(' ');
  console.log(`fuzz seed=0x${SEED.toString(16)} requests=${run.results.length} ${perClass} in ${run.seconds.toFixed(1)} s (requests ${fingerprint(run.requests)}; replay with FUZZ_SEED=0x${SEED.toString(16)})`);
});

after(async () => {
  agent.destroy();
  await stopChildren();
  await adminQuery(`drop database if exists ${databaseName} with (force)`).catch((error) => console.warn(`drop ${databaseName}: ${error.message}`));
  await dropRedisPrefix().catch((error) => console.warn(`Redis prefix ${redisPrefix}: ${error.message}`));
  rmSync(workDir, { recursive: true, force: true });
});

test(`at least ${MINIMUM_REQUESTS} requests reach every documented operation, as a visitor and as a learner`, () => {
  assert.ok(run.results.length >= MINIMUM_REQUESTS, `${run.results.length} requests`);
  const operations = operationsOf(document);
  assert.ok(operations.length >= 80, `the document lists ${operations.length} operations`);
  for (const operation of operations) {
    for (const identity of IDENTITIES) {
      const sent = run.results.filter(({ request }) => request.identity === identity && request.operation === `${operation.method} ${operation.path}`);
      assert.ok(sent.length >= MINIMUM_PER_OPERATION, `${identity} ${operation.method} ${operation.path}: ${sent.length} requests`);
    }
  }
  assert.ok(run.learnerStillLoggedIn, 'the learner stayed logged in through the run (learner requests were a learner’s)');
  // The learner's requests reached handlers behind the login: some learner-only operations succeeded.
  const learnerSuccesses = run.results.filter(({ request, answer }) => request.identity === 'learner' && request.operation.includes('/exam-sessions/') && answer.status === 200);
  assert.ok(learnerSuccesses.length > 0, 'some exam answer saves with real ids were accepted');
});

test('the same seed gives the same requests, another seed others', () => {
  assert.equal(fingerprint(requestsFor(SEED)), fingerprint(run.requests));
  assert.notEqual(fingerprint(requestsFor(SEED + 1)), fingerprint(run.requests));
});

test('every request is answered, and no answer is a 5xx', () => {
  const failures = run.results.filter(({ answer }) => answer.error || answer.status >= 500);
  const byRoute = ({ request, answer }) => `${request.method} ${request.operation} ${answer.status ?? ''} ${errorCodeOf(answer)}`;
  assert.equal(failures.length, 0, `${failures.length} requests failed (seed 0x${SEED.toString(16)}):\n${distinctCases(failures, byRoute).join('\n')}`);
});

test('every 4xx under /api/ is the {message, status, code} envelope', () => {
  const failures = run.results.filter(({ request, answer }) => answer.status >= 400 && answer.status < 500 && request.path.startsWith('/api/') && !isEnvelope(answer));
  const byKind = ({ answer }) => `${answer.status} ${errorCodeOf(answer)}`;
  assert.equal(failures.length, 0, `${failures.length} answers outside the envelope (seed 0x${SEED.toString(16)}):\n${distinctCases(failures, byKind).join('\n')}`);
});

/**
 * The public proofs of a credential, which verifiers and wallets read from any origin: `*` without
 * credentials (docs/security.md), the same answer for everyone. No other operation grants anything.
 */
const OPEN_TO_VERIFIERS = new Set([
  'GET /api/v1/credentials/{credentialId}',
  'GET /api/v1/credentials/{credentialId}/badge.png',
  'GET /api/v1/credentials/status/1',
  'GET /api/v1/certificate-verifications/{slug}',
  'GET /api/v1/certificate-verifications/{slug}/credential',
]);

test('no answer lets another origin read it (no CORS grant to a foreign Origin; * only for the public proofs, never with credentials)', () => {
  const foreign = run.results.filter(({ request }) => request.headers.origin && request.headers.origin !== origin);
  assert.ok(foreign.length > 0, 'some requests came from another origin');
  const granted = run.results.filter(({ request, answer }) => {
    const allowed = answer.headers?.['access-control-allow-origin'];
    if (allowed === '*') return !OPEN_TO_VERIFIERS.has(request.operation) || answer.headers?.['access-control-allow-credentials'] !== undefined;
    return allowed !== undefined && allowed === request.headers.origin && allowed !== origin;
  });
  assert.equal(granted.length, 0, `CORS granted:\n${granted.slice(0, 5).map(describe).join('\n')}`);
});
