import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { SessionStore } from '../src/modules/identity/session-store';
import { DEFAULT_RATE_LIMITS } from '../src/contracts/rate-limits';
import { BrowserLikeClient, type Reply } from './support/browser-like-client';
import { appPorts, startApi, startCampus, testConfig } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { type PrivateRedis, startPrivateRedis } from './support/private-services';
import { insertReadyLearner } from './support/ready-learner';

const TOO_MANY = { message: 'リクエストが多すぎます。しばらくしてから再度お試しください', status: 429, code: 'TOO_MANY_REQUESTS' };

type Campus = Awaited<ReturnType<typeof startCampus>>;

/** A test client at a given client address (the campus trusts X-Forwarded-For from loopback only). */
const from = (address: string) => ({ 'x-forwarded-for': address });

const loginStart = (client: BrowserLikeClient, address: string) =>
  client.request(`/api/v1/login?currentUrl=${encodeURIComponent(`${client.origin}/`)}`, { headers: from(address) });

/** `count` requests, `parallel` at a time, in order of their replies' index. */
async function burst(count: number, parallel: number, send: (index: number) => Promise<Reply>): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let first = 0; first < count; first += parallel) {
    const size = Math.min(parallel, count - first);
    replies.push(...(await Promise.all(Array.from({ length: size }, (_, offset) => send(first + offset)))));
  }
  return replies;
}

function expectTooMany(reply: Reply, windowSeconds = 60) {
  expect(reply.status).toBe(429);
  expect(reply.json()).toEqual(TOO_MANY);
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(reply.headers.get('cache-control')).toBe('no-store');
}

/** A learner with a profile and accepted terms, with a session made the way the login makes it. */
async function newLearner(campus: Campus, database: Client) {
  const id = randomUUID();
  await insertReadyLearner(database, { id, subject: `rate-${id}`, email: `rate-${id}@example.com` }, campus.api.config.termsVersion);
  const token = await campus.api.app.get(SessionStore).create(id, null);
  const client = new BrowserLikeClient(campus.api.origin);
  await client.jar.setCookie(`${campus.api.config.session.cookieName}=${token}; Path=/`, campus.api.origin);
  return client;
}

const checkName = (client: BrowserLikeClient, address: string) =>
  client.xhr('POST', '/api/v1/check-is-printable-name', { value: '山田太郎' }, from(address));

describe('rate limits at the production defaults (real Redis, own prefix)', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Campus;
  let database: Client;

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, env: { RATE_LIMIT_SCALE: '1' } });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
  });
  afterAll(async () => {
    await database.end();
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const keys = await redis.keys(`${campus.redisPrefix}:rate-limit:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers 300 login starts from one address with 302 up to the limit, then 429 with Retry-After', async () => {
    const client = new BrowserLikeClient(campus.api.origin);
    const replies = await burst(300, 20, () => loginStart(client, '203.0.113.10'));
    const limit = DEFAULT_RATE_LIMITS.login.perIp;
    expect(replies.filter((reply) => reply.status === 302)).toHaveLength(limit);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(300 - limit);
    expectTooMany(replies.at(-1)!);
    // The counters live in Redis under the campus's prefix, shared by every API process.
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    // (Past the limit, each process refuses from memory without counting further.)
    expect(Number(await redis.get(`${campus.redisPrefix}:rate-limit:login:ip:203.0.113.10`))).toBeGreaterThan(limit);
    redis.disconnect();
    // Another address is not held back by that one; nor is the callback of a login from it.
    expect((await loginStart(client, '203.0.113.11')).status).toBe(302);
    expect((await client.request('/api/v1/login/callback?code=x&state=y', { headers: from('203.0.113.10') })).status).toBe(429);
  });

  it('counts an IPv6 client by its /64: rotating the last bits does not help', async () => {
    const client = new BrowserLikeClient(campus.api.origin);
    const replies = await burst(DEFAULT_RATE_LIMITS.login.perIp + 1, 20, (index) => loginStart(client, `2001:db8:1:2::${(index + 1).toString(16)}`));
    expect(replies.at(-1)!.status).toBe(429);
    expect((await loginStart(client, '2001:db8:1:3::1')).status).toBe(302);
  });

  it('limits anonymous writes (short links) per address', async () => {
    const visitor = new BrowserLikeClient(campus.api.origin);
    const limit = DEFAULT_RATE_LIMITS.anonymousWrite.perIp;
    const replies = await burst(limit + 20, 20, () => visitor.xhr('POST', '/api/v1/shorten-url', { value: `${campus.api.origin}/line-ads` }, from('198.51.100.7')));
    expect(replies.slice(0, limit).every((reply) => reply.status === 200)).toBe(true);
    for (const reply of replies.slice(limit)) expectTooMany(reply);
  });

  it('keeps a per-user limit apart from the per-address one: it follows the user, not the address', async () => {
    const [alice, bob] = [await newLearner(campus, database), await newLearner(campus, database)];
    const { perUser, perIp } = DEFAULT_RATE_LIMITS.learnerWrite;
    expect(perUser).not.toBeNull();
    expect(perIp).toBeGreaterThan(perUser! + 1);

    const replies = await burst(perUser! + 1, 20, () => checkName(alice, '192.0.2.20'));
    expect(replies.slice(0, perUser!).every((reply) => reply.status === 200)).toBe(true);
    expectTooMany(replies.at(-1)!);
    // Bob at the same address still has the address's room; Alice at another address is still over her own limit.
    expect((await checkName(bob, '192.0.2.20')).status).toBe(200);
    expectTooMany(await checkName(alice, '192.0.2.21'));
  });

  it('never limits the answer saves of a full exam, for a class of learners behind one address', async () => {
    // One after the other: they share one pg client.
    const learners: BrowserLikeClient[] = [];
    for (let index = 0; index < 4; index += 1) learners.push(await newLearner(campus, database));
    const classroom = '192.0.2.50';
    const saves = await Promise.all(
      learners.map(async (learner) => {
        const start = await learner.xhr('POST', '/api/v1/certification-courses/line-ads-basic/exam/start/', undefined, from(classroom));
        expect(start.status).toBe(200);
        const { examSessionId } = start.json();
        const exam = (await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam', undefined, from(classroom))).json();
        const save = (question: { questionId: string; choices: { choiceId: string }[] }, choice: number) =>
          learner.xhr('PUT', `/api/v1/exam-sessions/${examSessionId}/answers/${question.questionId}`, { choiceIds: [question.choices[choice]!.choiceId] }, from(classroom));
        const statuses: number[] = [];
        // Every question answered at once, then changed, then both sent again as a hidden page's keepalive retries.
        for (const choice of [0, 1, 0, 1]) {
          statuses.push(...(await Promise.all(exam.questions.map((question: Parameters<typeof save>[0]) => save(question, choice)))).map((reply) => reply.status));
        }
        const submitted = await learner.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, {}, from(classroom));
        return { count: exam.questions.length, statuses, submitted: submitted.status };
      }),
    );
    for (const { count, statuses, submitted } of saves) {
      expect(count).toBeGreaterThan(0);
      expect(statuses).toEqual(Array.from({ length: count * 4 }, () => 200));
      expect(submitted).toBe(200);
    }
  });
});

describe('rate limits when the peer is not a trusted proxy', () => {
  let campus: Campus;
  beforeAll(async () => {
    campus = await startCampus({ env: { RATE_LIMIT_SCALE: '1', RATE_LIMITS: 'login.perIp=3', TRUST_PROXY: 'false' } });
  });
  afterAll(async () => {
    await campus.stop();
  });

  it('ignores X-Forwarded-For: a client cannot pick a new address for each request', async () => {
    const client = new BrowserLikeClient(campus.api.origin);
    const replies = await burst(4, 1, (index) => loginStart(client, `203.0.113.${100 + index}`));
    expect(replies.map((reply) => reply.status)).toEqual([302, 302, 302, 429]);
  });
});

describe('X-Forwarded-For under the default TRUST_PROXY (loopback only, where nginx runs)', () => {
  let campus: Campus;
  beforeAll(async () => {
    campus = await startCampus({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => {
    await campus.stop();
  });

  /** A login start as Fastify receives it from a peer at `peer` (the socket's address) that names `forwardedFor`. */
  const loginStartFrom = async (peer: string, forwardedFor: string) =>
    (
      await campus.api.app.inject({
        method: 'GET',
        url: `/api/v1/login?currentUrl=${encodeURIComponent(`${campus.api.origin}/`)}`,
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwardedFor },
      })
    ).statusCode;

  it.each(['10.0.0.7', '192.168.1.20', 'fd00::2', 'fe80::1'])(
    'counts 150 logins from a private-network peer (%s) naming 150 different addresses as one client',
    async (peer) => {
      const statuses: number[] = [];
      for (let index = 0; index < 150; index += 1) statuses.push(await loginStartFrom(peer, `198.51.100.${index}, 10.0.${index}.1`));
      const limit = DEFAULT_RATE_LIMITS.login.perIp;
      expect(statuses.slice(0, limit).every((status) => status === 302)).toBe(true);
      expect(statuses.slice(limit)).toEqual(Array.from({ length: 150 - limit }, () => 429));
    },
  );

  it('believes the client address nginx on loopback forwards, so two clients behind it are two clients', async () => {
    const limit = DEFAULT_RATE_LIMITS.login.perIp;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) statuses.push(await loginStartFrom('127.0.0.1', '203.0.113.77'));
    expect(statuses.at(-1)).toBe(429);
    expect(await loginStartFrom('127.0.0.1', '203.0.113.78')).toBe(302);
    expect(await loginStartFrom('::1', '203.0.113.79')).toBe(302);
  });

  it('warns at start when production trusts whole private ranges, and not for loopback or a named proxy', async () => {
    const warningsOf = async (trustProxy: string | undefined) => {
      const lines: string[] = [];
      const config = testConfig({
        databaseUrl: campus.database.url,
        redisPrefix: campus.redisPrefix,
        port: appPorts()[1]!,
        env: { NODE_ENV: 'production', OIDC_ALLOW_INSECURE_ISSUER: 'true', LOG_LEVEL: 'warn', ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) },
      });
      const api = await startApi(config, { write: (line: string) => void lines.push(line) });
      // Ready (PostgreSQL and Redis connected) before closing: a close mid-connect fails the spec.
      expect((await fetch(`${api.origin}/api/ready`)).status).toBe(200);
      await api.close();
      return lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.msg.startsWith('TRUST_PROXY'));
    };
    const [warning, ...more] = await warningsOf('loopback,linklocal,uniquelocal');
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ level: 40, msg: expect.stringContaining('(linklocal, uniquelocal)') });
    expect(await warningsOf(undefined)).toEqual([]);
    expect(await warningsOf('172.28.0.10')).toEqual([]);
  });
});

describe('rate limits without Redis', () => {
  let redis: PrivateRedis;
  let campus: Campus;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    campus = await startCampus({ env: { REDIS_URL: redis.url, RATE_LIMIT_SCALE: '1', RATE_LIMITS: 'login.perIp=3,learnerWrite.perUser=3' } });
  });
  /** Set while the test has Redis killed: the campus closes its connections more easily with Redis there. */
  let redisKilled = false;
  afterAll(async () => {
    if (redisKilled) await redis.start();
    await campus.stop();
    await redis.stop();
  });

  it('lets requests through while Redis is away (logging a warning), and counts again once it is back', async () => {
    const client = new BrowserLikeClient(campus.api.origin);
    // With Redis up, the small limit holds.
    expect((await burst(4, 1, () => loginStart(client, '203.0.113.30'))).map((reply) => reply.status)).toEqual([302, 302, 302, 429]);

    const warn = jest.spyOn(Logger.prototype, 'warn');
    await redis.kill();
    redisKilled = true;
    const database = new Client({ connectionString: campus.database.url });
    await database.connect();
    const learner = await newLearner(campus, database).finally(() => database.end());
    const began = Date.now();
    const logins = await burst(10, 5, () => loginStart(client, '203.0.113.31'));
    const checks = await burst(10, 5, () => checkName(learner, '203.0.113.31'));
    expect(logins.map((reply) => reply.status)).toEqual(Array.from({ length: 10 }, () => 302));
    expect(checks.map((reply) => reply.status)).toEqual(Array.from({ length: 10 }, () => 200));
    // Nothing waited for Redis.
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.anything() }), 'rate limits not applied: Redis is unavailable');
    warn.mockRestore();

    await redis.start();
    redisKilled = false;
    // ioredis reconnects within 2 s; each round uses a fresh address.
    let statuses: number[] = [];
    for (let round = 0; round < 50 && !statuses.includes(429); round += 1, await new Promise((resolve) => setTimeout(resolve, 200))) {
      statuses = (await burst(4, 1, () => loginStart(client, `203.0.113.${150 + round}`))).map((reply) => reply.status);
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
  });
});
