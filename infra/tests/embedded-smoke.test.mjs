// Boots the whole campus the way `npm start` does — embedded PGlite, dev IdP, API with the worker role
// in-process — and walks one learner through login, agreement and a realtime push; then restarts it to
// check the embedded database kept the data.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freePort, ROOT } from '../scripts/lib.mjs';

const { io } = createRequire(path.join(ROOT, 'server', 'package.json'))('socket.io-client');

const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-smoke-'));
let port;
let idpPort;
let origin;
let campus;

function startCampus() {
  const child = spawn(process.execPath, ['infra/scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DEV_IDP_PORT: String(idpPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Its own queues: another campus on the same Redis must not take this one's jobs.
      REDIS_PREFIX: `smoke-${process.pid}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const started = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`campus did not start:\n${output}`)), 180_000);
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('キャンパスが起動しました')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`campus exited with ${code}:\n${output}`)));
  });
  return { child, started, output: () => output };
}

async function stopCampus() {
  if (!campus || campus.child.exitCode !== null) return;
  const exited = new Promise((resolve) => campus.child.once('exit', resolve));
  process.kill(-campus.child.pid, 'SIGTERM');
  await exited;
}

/** fetch with a one-origin-family cookie jar (everything here lives on localhost). */
function cookieClient() {
  const jar = new Map();
  return {
    jar,
    cookieHeader: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    async request(url, init = {}) {
      const headers = { ...init.headers, cookie: this.cookieHeader() };
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const [name, ...value] = pair.split('=');
        const expired = attributes.some((attribute) => /max-age=0|expires=thu, 01 jan 1970/i.test(attribute.trim()));
        if (expired) jar.delete(name.trim());
        else jar.set(name.trim(), value.join('='));
      }
      const location = response.headers.get('location');
      return { response, location: location && new URL(location, url).href };
    },
  };
}

async function login(client) {
  let { location } = await client.request(`${origin}/api/v1/login?currentUrl=${encodeURIComponent(`${origin}/mypage/profile`)}`);
  ({ location } = await client.request(location)); // provider → its login page
  const interaction = new URL(location);
  ({ location } = await client.request(`${interaction.origin}${interaction.pathname}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'login=learner-new&password=campus',
  }));
  ({ location } = await client.request(location)); // provider → campus callback
  ({ location } = await client.request(location)); // callback → currentUrl
  return location;
}

const xhr = (client, method, pathName) =>
  client.request(`${origin}${pathName}`, { method, headers: { 'x-requested-with': 'XMLHttpRequest' } });

before(async () => {
  port = await freePort();
  idpPort = await freePort();
  origin = `http://localhost:${port}`;
  campus = startCampus();
  await campus.started;
});

after(async () => {
  await stopCampus();
  rmSync(dataDir, { recursive: true, force: true });
});

test('npm start prints the URL and the demo accounts', () => {
  assert.match(campus.output(), new RegExp(`キャンパスが起動しました: ${origin}`));
  assert.match(campus.output(), /learner-new/);
  assert.match(campus.output(), /組み込み PGlite/);
});

test('is ready once the embedded database and Redis answer', async () => {
  const response = await fetch(`${origin}/api/ready`);
  assert.equal(response.status, 200);
  // Readiness is public: it says ready, and names nothing inside (the embedded database shows in the start output).
  assert.deepEqual(await response.json(), { status: 'ready' });
});

test('serves the client, and page paths fall back to it', async () => {
  for (const pathName of ['/', '/mypage/profile']) {
    const response = await fetch(`${origin}${pathName}`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<div id="root">/);
  }
  const api404 = await fetch(`${origin}/api/unknown`);
  assert.equal(api404.status, 404);
  assert.equal((await api404.json()).code, 'NOT_FOUND');
});

test('a learner logs in, accepts the agreements and the in-process worker pushes the change', async () => {
  const client = cookieClient();
  assert.equal(await login(client), `${origin}/mypage/profile`);
  const me = await (await xhr(client, 'GET', '/api/v1/me')).response.json();
  assert.equal(me.lastName, '新規');
  assert.equal(me.hasAcceptedAgreements, false);

  const socket = io(origin, { transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader(), origin }, reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const pushed = new Promise((resolve) => socket.once('user.updated', resolve));
  const accepted = await xhr(client, 'POST', '/api/v1/agreements/accept');
  assert.equal(accepted.response.status, 200);
  const user = await Promise.race([pushed, new Promise((_, reject) => setTimeout(() => reject(new Error('no push within 15 s')), 15_000))]);
  socket.disconnect();
  assert.equal(user.hasAcceptedAgreements, true);
});

test('the embedded database keeps its data across a restart', async () => {
  await stopCampus();
  campus = startCampus();
  await campus.started;
  const client = cookieClient();
  await login(client);
  const me = await (await xhr(client, 'GET', '/api/v1/me')).response.json();
  assert.equal(me.hasAcceptedAgreements, true);
});
