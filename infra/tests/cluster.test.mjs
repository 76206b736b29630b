// Issue 23: the campus scaled out as `npm run start:cluster` runs it (infra/scale/): nginx in front of two
// API processes, two workers, one PostgreSQL database, one Redis (own prefix), all real processes on the
// built server (server/dist). A learner's push reaches them whichever API process made it; an API process
// killed mid-exam loses no acknowledged answer and the learner's socket reconnects through nginx; two
// workers grade every submit exactly once.
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startCluster } from '../scale/cluster.mjs';
import { freePort, httpOk, ROOT, run, startChild, waitFor } from '../scripts/lib.mjs';
import { CHROMIUM_FLAGS, PLAYWRIGHT_CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { createSupervisor } from '../scripts/supervisor.mjs';

const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
const { Pool } = requireFromServer('pg');
const { Redis } = requireFromServer('ioredis');
const { io } = requireFromServer('socket.io-client');
const { chromium } = createRequire(path.join(ROOT, 'package.json'))('@playwright/test');

const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TERMS_VERSION = '2026-04-01';
const COOKIE = 'campus_session';
const SLUG = 'line-ads-basic';
const SUBMITS = 20;
const ROLLING_LEARNERS = 8;

const databaseName = `campus_cluster_${randomBytes(5).toString('hex')}`;
const redisPrefix = `cluster-${randomBytes(4).toString('hex')}`;
const workDir = mkdtempSync(path.join(tmpdir(), 'campus-cluster-'));
const { supervise, stopAll } = createSupervisor({ log: () => undefined });
/** @type {Awaited<ReturnType<typeof startCluster>>} */
let cluster;
/** @type {import('pg').Pool} */
let database;
let origin;
let apiPorts;
const sockets = [];

const databaseUrl = (name) => Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${name}` }).href;

async function adminQuery(statement) {
  const admin = new Pool({ connectionString: ADMIN_DATABASE_URL, max: 1 });
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A learner with a profile and the terms accepted, logged in by a session row as the login makes it. */
async function newLearner() {
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  await database.query(
    `insert into users (id, subject, last_name, first_name, last_name_kana, first_name_kana, email, has_profile, has_accepted_agreements)
     values ($1, $2, '山田', '太郎', 'ヤマダ', 'タロウ', $3, true, true)`,
    [id, `cluster-${id}`, `cluster-${id}@example.com`],
  );
  await database.query(`insert into agreement_acceptances (user_id, terms_version, accepted_at) values ($1, $2, now())`, [id, TERMS_VERSION]);
  await database.query(`update users set accepted_terms_versions = array[$2] where id = $1`, [id, TERMS_VERSION]);
  await database.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [createHash('sha256').update(token).digest('hex'), id]);
  return { id, cookie: `${COOKIE}=${token}` };
}

/** A call as the client makes it (same-site XHR), to nginx unless `at` names an API process's own origin. */
async function call(learner, method, url, body, at = origin) {
  const response = await fetch(`${at}${url}`, {
    method,
    headers: { cookie: learner.cookie, origin, 'x-requested-with': 'XMLHttpRequest', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text), text };
}

/** A socket as the exam page opens it (WebSocket only); `reconnection` as the browser's client has it. */
async function openSocket(learner, at = origin) {
  const socket = io(at, { transports: ['websocket'], extraHeaders: { cookie: learner.cookie, origin }, reconnectionDelay: 200, reconnectionDelayMax: 1_000 });
  sockets.push(socket);
  await once(socket, 'connect');
  return socket;
}

const nextPush = (socket, name, timeoutMs = 10_000) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(name, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

const profile = (firstName) => ({ lastName: '山田', firstName, lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'cluster@example.com' });

async function startExam(learner) {
  const started = await call(learner, 'POST', `/api/v1/certification-courses/${SLUG}/exam/start/`);
  assert.equal(started.status, 200, started.text);
  const exam = (await call(learner, 'GET', `/api/v1/certification-courses/${SLUG}/exam`)).json();
  return { examSessionId: started.json().examSessionId, questions: exam.questions };
}

before(async () => {
  const [listenPort, idpPort, apiA, apiB] = [await freePort(), await freePort(), await freePort(), await freePort()];
  apiPorts = [apiA, apiB];
  origin = `http://localhost:${listenPort}`;
  const issuer = `http://localhost:${idpPort}`;
  await adminQuery(`create database ${databaseName}`);
  database = new Pool({ connectionString: databaseUrl(databaseName), max: 4 });
  const env = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATABASE_URL: databaseUrl(databaseName),
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    OIDC_ISSUER: issuer,
    LOG_LEVEL: 'error',
    RATE_LIMIT_SCALE: '100',
    DEMO_SEED: 'false',
    MEDIA_DIR: path.join(workDir, 'media'),
    CERTIFICATE_DIR: path.join(workDir, 'certificates'),
  };
  supervise('dev IdP', () =>
    startChild('dev-idp', process.execPath, ['infra/dev-idp/server.mjs'], { DEV_IDP_PORT: String(idpPort), DEV_IDP_ISSUER: issuer, DEV_IDP_REDIRECT_URIS: `${origin}/api/v1/login/callback` }, { quiet: true }),
  );
  await waitFor(httpOk(`${issuer}/.well-known/openid-configuration`), { timeoutMs: 30_000, what: 'dev IdP' });
  // The API migrates the database at start, and the content needs the tables: the first API, then the import.
  cluster = await startCluster({ supervise, env, listenPort, apiPorts, workers: 2, runDir: path.join(workDir, 'nginx'), quiet: true });
  assert.equal(run(process.execPath, ['server/dist/content-import.js'], { env: { ...process.env, ...env }, stdio: 'ignore' }), 0, 'content import');
});

after(async () => {
  for (const socket of sockets) socket.close();
  stopAll();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await database?.end();
  await adminQuery(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  const redis = new Redis(REDIS_URL);
  for await (const keys of redis.scanStream({ match: `${redisPrefix}:*`, count: 1000 })) if (keys.length) await redis.del(...keys);
  redis.disconnect();
  if (process.env.CLUSTER_KEEP_DIR) console.log(`kept ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
});

test("a learner's push reaches their sockets on both API processes, whichever process made it", async () => {
  const learner = await newLearner();
  const [onA, onB] = [await openSocket(learner, `http://127.0.0.1:${apiPorts[0]}`), await openSocket(learner, `http://127.0.0.1:${apiPorts[1]}`)];
  for (const [index, port] of apiPorts.entries()) {
    const pushes = [nextPush(onA, 'user.updated'), nextPush(onB, 'user.updated')];
    const saved = await call(learner, 'PUT', '/api/v1/me', profile(`太郎${index}`), `http://127.0.0.1:${port}`);
    assert.equal(saved.status, 200, saved.text);
    for (const pushed of await Promise.all(pushes)) assert.equal(pushed.firstName, `太郎${index}`);
  }
});

test('an API process killed mid-exam loses no acknowledged answer, and the socket reconnects through nginx', async () => {
  const learner = await newLearner();
  const socket = await openSocket(learner);
  let reconnects = 0;
  socket.io.on('reconnect', () => (reconnects += 1));
  const { examSessionId, questions } = await startExam(learner);
  const acknowledged = [];
  const save = async (question) => {
    const reply = await call(learner, 'PUT', `/api/v1/exam-sessions/${examSessionId}/answers/${question.questionId}`, { choiceIds: [question.choices[0].choiceId] });
    if (reply.status === 200) acknowledged.push(question.questionId);
    return reply.status;
  };
  const half = Math.floor(questions.length / 2);
  for (const question of questions.slice(0, half)) assert.equal(await save(question), 200);

  // Each API process in turn, so that one of the kills is the socket's: nginx sends the saves to the other.
  for (const api of cluster.apis) {
    api.child.kill('SIGKILL');
    for (const question of questions.slice(half)) assert.equal(await save(question), 200);
    await waitFor(async () => socket.connected, { timeoutMs: 15_000, what: 'the socket reconnected' });
    // The supervisor starts the killed process again; the next kill waits for it.
    for (const port of apiPorts) await waitFor(httpOk(`http://127.0.0.1:${port}/api/ready`), { timeoutMs: 60_000, what: `API on ${port}` });
  }
  assert.ok(reconnects >= 1, `the socket reconnected ${reconnects} times`);
  const pushed = nextPush(socket, 'user.updated');
  assert.equal((await call(learner, 'PUT', '/api/v1/me', profile('次郎'))).status, 200);
  assert.equal((await pushed).firstName, '次郎');

  const { rows } = await database.query('select answers from exam_sessions where id = $1', [examSessionId]);
  assert.deepEqual(Object.keys(rows[0].answers).sort(), [...new Set(acknowledged)].sort());
  assert.equal(Object.keys(rows[0].answers).length, questions.length);
});

test("the browser's socket reconnects through nginx to the other API process and hears its pushes", async () => {
  const learner = await newLearner();
  const browser = await chromium.launch({ executablePath: PLAYWRIGHT_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const [name, value] = learner.cookie.split('=');
    // The session's cookie and its readable hint (contracts/signed-in-hint.ts), as a login leaves them.
    await context.addCookies([
      { name, value, url: origin, httpOnly: true, sameSite: 'Lax' },
      { name: 'campus_signed_in', value: '1', url: origin, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    /** Every socket.io WebSocket the page opens, with the pushes received on it. */
    const opened = [];
    page.on('websocket', (ws) => {
      const entry = { url: ws.url(), closed: false, connected: false, pushes: [] };
      opened.push(entry);
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') return;
        // '40…' is socket.io's CONNECT answer: the server has run the handshake and the socket is in its rooms.
        if (payload.startsWith('40')) entry.connected = true;
        else if (payload.startsWith('42')) entry.pushes.push(JSON.parse(payload.slice(2)));
      });
      ws.on('close', () => (entry.closed = true));
    });
    await page.goto(`${origin}/mypage/profile`);
    // The header's user menu names the logged-in learner once the page is up (the profile names them too).
    await page.getByRole('button', { name: '山田 太郎さん' }).waitFor({ timeout: 30_000 });
    await waitFor(async () => opened.length === 1, { timeoutMs: 15_000, what: 'the page opened its socket' });
    assert.ok(opened[0].url.startsWith(`ws://localhost:${new URL(origin).port}/socket.io/`), opened[0].url);

    // Both API processes in turn, so one of the kills is the page's socket's.
    for (const api of cluster.apis) {
      const restarts = api.restarts;
      api.child.kill('SIGKILL');
      await waitFor(async () => api.restarts > restarts, { timeoutMs: 30_000, what: 'the killed API restarted' });
      for (const port of apiPorts) await waitFor(httpOk(`http://127.0.0.1:${port}/api/ready`), { timeoutMs: 60_000, what: `API on ${port}` });
    }
    // A push made before the new socket's CONNECT answer would go to a room it has not joined yet (the page
    // re-reads on reconnect for that), so the push below waits for the handshake.
    await waitFor(async () => opened.length >= 2 && opened.filter((ws) => !ws.closed && ws.connected).length === 1, {
      timeoutMs: 30_000,
      what: 'the page reconnected its socket and had its CONNECT answer',
    });
    const live = opened.find((ws) => !ws.closed);
    assert.ok(live.url.startsWith(`ws://localhost:${new URL(origin).port}/socket.io/`), `reconnected through nginx: ${live.url}`);

    assert.equal((await call(learner, 'PUT', '/api/v1/me', profile('四郎'))).status, 200);
    await waitFor(async () => live.pushes.some(([event, payload]) => event === 'user.updated' && payload.firstName === '四郎'), { timeoutMs: 10_000, what: 'the push on the new socket' });
    console.log(`cluster: the page's socket reconnected through nginx (${opened.length} sockets opened) and received user.updated`);
  } finally {
    await browser.close();
  }
});

test("a body over the API's limit is refused by nginx with the API's 413 envelope, and the next save goes through", async () => {
  const learner = await newLearner();
  const { examSessionId, questions } = await startExam(learner);
  const [question] = questions;
  const url = `/api/v1/exam-sessions/${examSessionId}/answers/${question.questionId}`;
  const oversized = await call(learner, 'PUT', url, { choiceIds: ['x'.repeat(2 ** 20 + 1024)] });
  assert.equal(oversized.status, 413, oversized.text);
  assert.deepEqual(oversized.json(), { message: '送信されたデータが大きすぎます', status: 413, code: 'PAYLOAD_TOO_LARGE' });
  assert.equal((await call(learner, 'PUT', url, { choiceIds: [question.choices[0].choiceId] })).status, 200);
});

test('a rolling restart of both API processes and both workers under load loses nothing', async () => {
  const exams = [];
  for (let index = 0; index < ROLLING_LEARNERS; index += 1) {
    const learner = await newLearner();
    exams.push({ learner, socket: await openSocket(learner), ...(await startExam(learner)) });
  }
  /** examSessionId → questionId → the choice of the last save the server acknowledged */
  const acknowledged = new Map(exams.map((exam) => [exam.examSessionId, new Map()]));
  const refused = [];
  let saves = 0;
  let restarting = true;
  // Each learner keeps changing answers, one request at a time, for as long as the restarts last.
  const keepAnswering = async ({ learner, examSessionId, questions }) => {
    for (let round = 0; restarting; round += 1) {
      for (const question of questions) {
        const choiceId = question.choices[round % question.choices.length].choiceId;
        const reply = await call(learner, 'PUT', `/api/v1/exam-sessions/${examSessionId}/answers/${question.questionId}`, { choiceIds: [choiceId] });
        saves += 1;
        if (reply.status === 200) acknowledged.get(examSessionId).set(question.questionId, choiceId);
        else refused.push(`${reply.status} ${reply.text.slice(0, 200)}`);
      }
    }
  };
  const answering = exams.map(keepAnswering);

  // One process at a time, as a deploy replaces them: SIGTERM, the supervisor starts it again, and the
  // next one goes only when this one is back (an API when it answers /api/ready, a worker when it runs).
  for (const [index, api] of cluster.apis.entries()) {
    const restarts = api.restarts;
    api.child.kill('SIGTERM');
    await waitFor(async () => api.restarts > restarts, { timeoutMs: 30_000, what: `API ${index + 1} restarted` });
    await waitFor(httpOk(`http://127.0.0.1:${apiPorts[index]}/api/ready`), { timeoutMs: 60_000, what: `API ${index + 1} ready` });
  }
  for (const [index, worker] of cluster.workers.entries()) {
    const restarts = worker.restarts;
    worker.child.kill('SIGTERM');
    await waitFor(async () => worker.restarts > restarts, { timeoutMs: 60_000, what: `worker ${index + 1} restarted` });
  }
  restarting = false;
  await Promise.all(answering);
  assert.deepEqual(refused, [], `${refused.length} of ${saves} saves refused during the restarts`);

  // Every acknowledged answer is the one kept; then every exam is submitted through nginx and graded once.
  const { rows } = await database.query('select id, answers from exam_sessions where id = any($1)', [exams.map((exam) => exam.examSessionId)]);
  for (const row of rows) {
    assert.deepEqual(row.answers, Object.fromEntries([...acknowledged.get(row.id)].map(([questionId, choiceId]) => [questionId, [choiceId]])));
  }
  for (const { learner, examSessionId } of exams) {
    const answers = Object.fromEntries([...acknowledged.get(examSessionId)].map(([questionId, choiceId]) => [questionId, [choiceId]]));
    const submitted = await call(learner, 'POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers });
    assert.equal(submitted.status, 200, submitted.text);
  }
  const ids = exams.map((exam) => exam.examSessionId);
  await waitFor(async () => (await database.query(`select count(*)::int as n from exam_sessions where id = any($1) and status = 'graded'`, [ids])).rows[0].n === ids.length, {
    timeoutMs: 90_000,
    what: 'every exam graded after the restarts',
  });
  const { rows: graded } = await database.query(`select count(*)::int as n from events where stream_id = any($1) and type = 'ExamGraded' group by stream_id`, [ids]);
  assert.deepEqual(graded.map((row) => row.n), Array(ids.length).fill(1));
  // Every learner's socket came back through nginx and hears its own pushes again.
  for (const { socket } of exams) await waitFor(async () => socket.connected, { timeoutMs: 15_000, what: 'the socket reconnected' });
  const { learner, socket } = exams[0];
  const pushed = nextPush(socket, 'user.updated');
  assert.equal((await call(learner, 'PUT', '/api/v1/me', profile('三郎'))).status, 200);
  assert.equal((await pushed).firstName, '三郎');
  console.log(`cluster: rolling restart of 2 APIs and 2 workers under ${saves} answer saves by ${exams.length} learners: 0 refused, every acknowledged answer kept, ${ids.length} exams graded once each`);
});

test('two workers grade every submit exactly once', async () => {
  const ids = [];
  for (let index = 0; index < SUBMITS; index += 1) {
    const learner = await newLearner();
    const { examSessionId, questions } = await startExam(learner);
    const answers = Object.fromEntries(questions.map((question) => [question.questionId, [question.choices[0].choiceId]]));
    const submitted = await call(learner, 'POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers });
    assert.equal(submitted.status, 200, submitted.text);
    ids.push(examSessionId);
  }
  const graded = async () => (await database.query(`select count(*)::int as n from exam_sessions where id = any($1) and status = 'graded'`, [ids])).rows[0].n;
  await waitFor(async () => (await graded()) === SUBMITS, { timeoutMs: 90_000, what: 'every submit graded' });
  const { rows } = await database.query(`select count(*)::int as n from events where stream_id = any($1) and type = 'ExamGraded' group by stream_id`, [ids]);
  assert.deepEqual(rows.map((row) => row.n), Array(SUBMITS).fill(1));
  console.log(`cluster: ${SUBMITS} submits through nginx, graded once each by two workers`);
});
