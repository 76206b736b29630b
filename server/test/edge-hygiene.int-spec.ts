import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { BrowserLikeClient, type Reply } from './support/browser-like-client';
import { appPorts, type RunningApi, startApi, startCampus, testConfig } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { type DemoLogin, logInAsDemo } from './support/dev-idp-login';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'edge@example.com' };
const METRICS_TOKEN = 'edge-hygiene-metrics-token-0123456789';

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request exactly as written (no URL normalisation), headers as given; the body's bytes as received. */
function rawBytes(origin: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: RawReply['headers']; body: Buffer }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, path: pathAndQuery, method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function raw(origin: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<RawReply> {
  const { status, headers: replyHeaders, body } = await rawBytes(origin, pathAndQuery, headers);
  return { status, headers: replyHeaders, text: body.toString('utf8') };
}

const isEnvelope = (body: unknown, status: number) =>
  expect(body).toEqual(expect.objectContaining({ message: expect.any(String), status, code: expect.any(String) }));

describe('HTTP edge hygiene', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-edge-media-'));
  const clientRoot = mkdtempSync(path.join(tmpdir(), 'campus-edge-client-'));
  const clientDist = path.join(clientRoot, 'dist');
  const SCRIPT = 'console.log("campus");'.repeat(40);
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let visitor: BrowserLikeClient;
  let learner: BrowserLikeClient;
  let admin: BrowserLikeClient;

  const analyticsRows = async () => (await database.query('select count(*)::int as n from analytics_reports')).rows[0].n as number;
  const aReport = (params: Record<string, unknown>) => ({ kind: 'event', name: 'edge_probe', path: '/', occurredAt: new Date().toISOString(), params });

  beforeAll(async () => {
    mkdirSync(path.join(clientDist, 'assets'), { recursive: true });
    writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html><head><title>campus</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(clientDist, 'assets', 'app-3f2a9c.js'), SCRIPT);
    writeFileSync(path.join(clientDist, 'assets', 'app-3f2a9c.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(clientDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    // Build files that stay private: the manifest SpaIndex reads from disk, and source maps.
    mkdirSync(path.join(clientDist, '.vite'), { recursive: true });
    writeFileSync(path.join(clientDist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/app-3f2a9c.js"}}');
    writeFileSync(path.join(clientDist, 'assets', 'app-3f2a9c.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
    // Beside the published folders, never to be served.
    writeFileSync(path.join(clientRoot, 'secret.txt'), 'not for the web');

    campus = await startCampus({ mediaDir, worker: true, env: { CLIENT_DIST_DIR: clientDist } });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    visitor = new BrowserLikeClient(campus.api.origin);
    learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    admin = await logInAsDemo(campus.api.origin, 'admin');
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
    rmSync(clientRoot, { recursive: true, force: true });
  });

  describe('NUL bytes and lone surrogates are refused at the edge (400, naming the field)', () => {
    it.each([
      ['/api/v1/learning-courses/a%00b', 'path'],
      ['/api/v1/learning-courses/a%ED%A0%80b', 'path'],
      ['/api/v1/learning-courses/a%ed%b0%80', 'path'],
      ['/api/v1/certificate-verifications/%00', 'path'],
      ['/.well-known/did.json?x=%00', 'x'],
      ['/api/v1/learning-courses/?category=a%00', 'category'],
      ['/api/v1/learning-courses/?category=%ED%A0%80', 'category'],
      ['/api/v1/learning-courses/?x%00=1', 'query'],
      ['/api/v1/login?currentUrl=%2Fmypage%00', 'currentUrl'],
      ['/api/v1/nothing-here%00', 'path'],
    ])('GET %s as a visitor', async (url, field) => {
      const reply = await raw(campus.api.origin, url);
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.text)).toEqual({ message: expect.any(String), status: 400, code: 'VALIDATION_FAILED', field });
    });

    it.each([
      ['/api/v1/certification-courses/line-ads-basic%00/last-result', 'path'],
      ['/api/v2/course-history/?type=%ED%A0%80', 'type'],
    ])('GET %s as a learner', async (url, field) => {
      const reply = await learner.xhr('GET', url);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
    });

    it.each([
      ['path=%2Fa%00b', 'path'],
      ['name=%ED%A0%80', 'name'],
    ])('GET the admin analytics log with %s', async (query, field) => {
      const reply = await admin.xhr('GET', `/api/v1/admin/analytics/events?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
    });

    it.each([
      ['a NUL in a value', { note: 'a\u0000b' }, 'events.0.params.note'],
      ['a lone high surrogate in a value', { note: '\ud800' }, 'events.0.params.note'],
      ['a lone low surrogate in a value', { note: 'x\udc00' }, 'events.0.params.note'],
      ['a NUL in a key', { 'a\u0000': 1 }, 'events.0.params'],
    ])('refuses analytics params with %s and stores nothing', async (_, params, field) => {
      const before = await analyticsRows();
      const reply = await visitor.xhr('POST', '/api/v1/analytics/events', { events: [aReport(params), aReport({ ok: 'yes' })] });
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
      expect(await analyticsRows()).toBe(before);
    });

    it('refuses a learner profile with a NUL and keeps the stored one', async () => {
      const reply = await learner.xhr('PUT', '/api/v1/me', { ...PROFILE, lastName: '山\u0000田' });
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'lastName' });
      expect((await learner.xhr('GET', '/api/v1/me/profile')).json()).toMatchObject({ lastName: '山田' });
    });

    it('still accepts well-formed Japanese, emoji (surrogate pairs) and encoded text', async () => {
      const before = await analyticsRows();
      const reply = await visitor.xhr('POST', '/api/v1/analytics/events', { events: [aReport({ note: '学習🎓キャンパス', amp: '100%' })] });
      expect(reply.status).toBe(204);
      expect(await analyticsRows()).toBe(before + 1);
      expect((await visitor.xhr('GET', `/api/v1/learning-courses/${encodeURIComponent('講座🎓')}`)).status).toBe(404);
      expect((await visitor.xhr('GET', '/api/v1/learning-courses/?category=basics&page=1')).status).toBe(200);
    });
  });

  describe('page addresses answer the HTML error page, never JSON (issue 32)', () => {
    const badBytes = (field: string) => `${field}: 使えない文字（NUL や不正な文字コード）が含まれています`;
    it.each([
      ['/?x=%00', badBytes('x')],
      ['/?x=%E0%A4%A', badBytes('x')],
      ['/%00', badBytes('path')],
      ['/courses?x=%00', badBytes('x')],
      ['/line-ads?ref=%ED%A0%80', badBytes('ref')],
      ['/s/%00', badBytes('path')],
      // Fastify's router cannot read these paths (FST_ERR_BAD_URL: an escape that is not UTF-8).
      ['/s/ab%ED%A0%80', 'URL のパスが正しくありません'],
      ['/line-ads/courses/%E0%A4%A', 'URL のパスが正しくありません'],
      ['/s/%E0%A4%A', 'URL のパスが正しくありません'],
    ])('GET %s: 400 with the error page in the site’s look', async (url, message) => {
      const reply = await raw(campus.api.origin, url);
      expect(reply.status).toBe(400);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
      expect(reply.headers['x-request-id']).toEqual(expect.any(String));
      expect(reply.text).toContain('<title>URL が正しくありません - マーケティング学習キャンパス</title>');
      expect(reply.text).toContain('<h1 id="error-page-title">URL が正しくありません</h1>');
      expect(reply.text).toContain(`<p>${message}</p>`);
      expect(reply.text).toContain('<a href="/" class="button button--primary">トップページへ</a>');
      expect(reply.text).not.toMatch(/"statusCode"|"code":|<script/);
    });

    it('answers HEAD with the same status and no body', async () => {
      const reply = await visitor.request('/?x=%00', { method: 'HEAD' });
      expect(reply.status).toBe(400);
      expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    });

    it('keeps the envelope for the same refusals under /api', async () => {
      for (const url of ['/api/v1/learning-courses/?x=%00', '/api?x=%00', '/api/v1/learning-courses/%E0%A4%A']) {
        const reply = await raw(campus.api.origin, url);
        expect(reply.status).toBe(400);
        expect(reply.headers['content-type']).toContain('application/json');
        isEnvelope(JSON.parse(reply.text), 400);
      }
    });
  });

  describe('long URLs are read up to 16 KiB, then refused with 431 (issue 32: 5,000 characters answered 403)', () => {
    it.each([5_000, 15_000])('a page path of %i characters is an unknown page: the 404 page', async (length) => {
      for (const url of [`/${'a'.repeat(length)}`, `/line-ads/courses/${'a'.repeat(length)}`, `/media/${'a'.repeat(length)}.pdf`]) {
        const reply = await raw(campus.api.origin, url);
        expect(reply.status).toBe(404);
        expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(reply.text).toContain('<div id="root"></div>');
      }
    });

    it.each([5_000, 15_000])('an /api path of %i characters answers the 404 envelope', async (length) => {
      const reply = await raw(campus.api.origin, `/api/v1/learning-courses/${'a'.repeat(length)}`);
      expect(reply.status).toBe(404);
      expect(JSON.parse(reply.text)).toEqual({ message: 'お探しのページはみつかりませんでした。', status: 404, code: 'NOT_FOUND' });
    });

    it('a page with a 15,000-character query string is still the page', async () => {
      const reply = await raw(campus.api.origin, `/line-ads?ref=${'a'.repeat(15_000)}`);
      expect(reply.status).toBe(200);
      expect(reply.text).toContain('<div id="root"></div>');
    });

    it('never answers 403 for a path no file can have, and never serves one', async () => {
      for (const url of ['/a/./b', '/assets/./app-3f2a9c.js', `/assets/${'b'.repeat(300)}.js`]) {
        const reply = await raw(campus.api.origin, url);
        expect(reply.status).toBe(404);
        expect(reply.text).not.toBe(SCRIPT);
      }
    });

    it('over 16 KiB (the request line and headers together), 431 HEADERS_TOO_LARGE, as README says', async () => {
      for (const url of [`/${'a'.repeat(17_000)}`, `/api/v1/learning-courses/${'a'.repeat(17_000)}`]) {
        const reply = await raw(campus.api.origin, url);
        expect(reply.status).toBe(431);
        expect(JSON.parse(reply.text)).toEqual({ message: expect.any(String), status: 431, code: 'HEADERS_TOO_LARGE' });
      }
    });
  });

  describe('framework errors answer the {message, status, code} envelope', () => {
    it.each(['/api/v1/learning-courses/%E0%A4%A', '/api/v1/certificates/%'])('GET %s (malformed escape in the path)', async (url) => {
      const reply = await raw(campus.api.origin, url);
      expect(reply.status).toBe(400);
      expect(reply.headers['content-type']).toContain('application/json');
      expect(JSON.parse(reply.text)).toEqual({ message: expect.any(String), status: 400, code: 'VALIDATION_FAILED', field: 'path' });
      expect(reply.text).not.toContain('FST_');
    });

    it('answers an over-long URL with a 431 envelope', async () => {
      const reply = await raw(campus.api.origin, `/api/v1/learning-courses/?category=${'a'.repeat(20_000)}`);
      expect(reply.status).toBe(431);
      expect(JSON.parse(reply.text)).toEqual({ message: expect.any(String), status: 431, code: 'HEADERS_TOO_LARGE' });
    });

    it('answers an over-long cookie with a 431 envelope', async () => {
      const reply = await raw(campus.api.origin, '/api/v1/now/', { cookie: `campus_session=${'x'.repeat(20_000)}` });
      expect(reply.status).toBe(431);
      expect(JSON.parse(reply.text)).toEqual({ message: expect.any(String), status: 431, code: 'HEADERS_TOO_LARGE' });
    });

    it('answers a body that is too large, of the wrong type or not JSON with the envelope', async () => {
      const tooLarge = await visitor.xhr('POST', '/api/v1/analytics/events', { events: [aReport({ note: 'あ'.repeat(600_000) })] });
      expect(tooLarge.json()).toEqual({ message: expect.any(String), status: 413, code: 'PAYLOAD_TOO_LARGE' });
      const wrongType = await visitor.request('/api/v1/analytics/events', { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'text/plain' }, body: 'x' });
      expect(wrongType.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      const notJson = await visitor.request('/api/v1/analytics/events', { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' }, body: '{"events": [' });
      expect(notJson.json()).toEqual({ message: expect.any(String), status: 400, code: 'VALIDATION_FAILED', field: 'body' });
    });
  });

  describe('personal answers are never stored by a cache (Cache-Control: no-store)', () => {
    let lastResult: Reply;

    beforeAll(async () => {
      const started = await learner.xhr('POST', '/api/v1/certification-courses/line-ads-basic/exam/start/');
      expect(started.status).toBe(200);
      expect((await learner.xhr('POST', `/api/v1/exam-sessions/${started.json().examSessionId}/submit`, { answers: {} })).status).toBe(200);
      const until = Date.now() + 30_000;
      do {
        lastResult = await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/last-result');
        if (lastResult.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      } while (Date.now() < until);
    });

    it('sends no-store on the graded last result', () => {
      expect(lastResult.status).toBe(200);
      expect(lastResult.headers.get('cache-control')).toBe('no-store');
    });

    it.each([
      '/api/v1/certificates/',
      '/api/v2/favorite-courses/',
      '/api/v2/course-history/',
      '/api/v1/me',
      '/api/v1/me/profile',
      '/api/v1/learning-courses/',
      '/api/v1/learning-courses/oa-getting-started',
      '/api/v1/certification-courses/line-ads-basic',
    ])('GET %s as a learner', async (url) => {
      const reply = await learner.xhr('GET', url);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
    });

    it('leaves the public catalogue cacheable for visitors', async () => {
      const reply = await visitor.xhr('GET', '/api/v1/learning-courses/');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control') ?? '').not.toContain('no-store');
    });
  });

  describe('the upgraded static file serving', () => {
    it('serves hashed assets pre-compressed and immutable, other files revalidated', async () => {
      const asset = await raw(campus.api.origin, '/assets/app-3f2a9c.js', { 'accept-encoding': 'br' });
      expect(asset.status).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-type']).toContain('javascript');
      const worker = await raw(campus.api.origin, '/sw.js');
      expect(worker.status).toBe(200);
      expect(worker.headers['cache-control']).toBe('no-cache');
    });

    it.each(['/.vite/manifest.json', '/assets/app-3f2a9c.js.map', '/.vite/../.vite/manifest.json'])('does not publish the build file %s', async (url) => {
      const reply = await raw(campus.api.origin, url);
      expect([403, 404]).toContain(reply.status);
      expect(reply.text).not.toContain('src/main.tsx');
    });

    it('compresses pages like the assets: brotli or gzip as the browser accepts, revalidated', async () => {
      const original = await raw(campus.api.origin, '/', { 'accept-encoding': 'identity' });
      expect(original.status).toBe(200);
      expect(original.headers['content-encoding']).toBeUndefined();
      expect(original.text).toContain('<div id="root">');
      for (const [acceptEncoding, encoding, decompress] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        for (const url of ['/', '/line-ads', '/no-such-page']) {
          const reply = await rawBytes(campus.api.origin, url, { 'accept-encoding': acceptEncoding });
          expect(reply.headers['content-encoding']).toBe(encoding);
          expect(reply.headers['cache-control']).toBe('no-cache');
          expect(reply.headers.vary).toContain('accept-encoding');
          expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(decompress(reply.body).toString('utf8')).toContain('<div id="root">');
        }
      }
    });

    it.each([
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets%2f..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/media/..%2f..%2fsecret.txt',
      '/media/%2e%2e/package.json',
    ])('never serves a file outside the published folders: %s', async (url) => {
      const reply = await raw(campus.api.origin, url);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(reply.text).not.toContain('not for the web');
    });

    it('serves an asset only under its own name (no encoded separators)', async () => {
      const reply = await raw(campus.api.origin, '/assets%2fapp-3f2a9c.js');
      expect(reply.text).not.toBe(SCRIPT);
    });
  });

  describe('operational endpoints outside production stay open for development', () => {
    it('answers readiness without naming its dependencies', async () => {
      const reply = await visitor.request('/api/ready');
      expect(reply.status).toBe(200);
      expect(reply.json()).toEqual({ status: 'ready' });
      expect(reply.headers.get('cache-control')).toBe('no-store');
    });

    it('serves metrics and the OpenAPI document without credentials', async () => {
      expect((await visitor.request('/metrics')).status).toBe(200);
      expect((await visitor.request('/api/docs')).status).toBe(200);
    });
  });

  describe('operational endpoints in production', () => {
    const ports = appPorts();
    let guarded: RunningApi;
    let open: RunningApi;
    const production = (port: number, env: Record<string, string>) =>
      testConfig({
        databaseUrl: campus.database.url,
        redisPrefix: campus.redisPrefix,
        port,
        mediaDir,
        env: { NODE_ENV: 'production', OIDC_ALLOW_INSECURE_ISSUER: 'true', ...env },
      });
    const logIn = (api: RunningApi, login: DemoLogin) => logInAsDemo(api.origin, login);

    beforeAll(async () => {
      guarded = await startApi(production(ports[1]!, { METRICS_TOKEN }));
      open = await startApi(production(ports[2]!, { API_DOCS_PUBLIC: 'true' }));
    });
    afterAll(async () => {
      await guarded?.close();
      await open?.close();
    });

    it('serves /metrics only with the configured bearer token', async () => {
      const client = new BrowserLikeClient(guarded.origin);
      const anonymous = await client.request('/metrics');
      expect(anonymous.status).toBe(401);
      isEnvelope(anonymous.json(), 401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
      expect(anonymous.text).not.toContain('campus_http_request_duration_seconds');
      for (const authorization of [`Bearer ${METRICS_TOKEN}x`, `Bearer ${METRICS_TOKEN.slice(1)}`, METRICS_TOKEN, `Basic ${METRICS_TOKEN}`]) {
        expect((await client.request('/metrics', { headers: { authorization } })).status).toBe(401);
      }
      const scraped = await client.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(scraped.text).toContain('process_cpu_user_seconds_total');
    });

    it('turns /metrics off when no token is configured', async () => {
      const reply = await new BrowserLikeClient(open.origin).request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(reply.status).toBe(404);
      expect(reply.json()).toEqual({ message: 'お探しのページはみつかりませんでした。', status: 404, code: 'NOT_FOUND' });
    });

    it('shows the OpenAPI document only to an admin session', async () => {
      const anonymous = await new BrowserLikeClient(guarded.origin).request('/api/docs');
      expect(anonymous.status).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
      expect(anonymous.text).not.toContain('openapi');
      const asLearner = await (await logIn(guarded, 'learner')).request('/api/docs');
      expect(asLearner.status).toBe(403);
      expect(asLearner.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      const asAdmin = await (await logIn(guarded, 'admin')).request('/api/docs');
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.json().openapi).toBe('3.0.3');
    });

    it('shows the OpenAPI document to anyone when API_DOCS_PUBLIC is set', async () => {
      const reply = await new BrowserLikeClient(open.origin).request('/api/docs');
      expect(reply.status).toBe(200);
      expect(reply.json().openapi).toBe('3.0.3');
    });

    it('says ready or not ready, and nothing about its internals', async () => {
      const reply = await new BrowserLikeClient(guarded.origin).request('/api/ready');
      expect(reply.status).toBe(200);
      expect(reply.json()).toEqual({ status: 'ready' });
      expect(reply.text).not.toMatch(/postgres|redis|database|pglite/i);
    });
  });
});
