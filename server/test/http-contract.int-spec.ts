import { API_ROUTES } from '../src/contracts/api-routes';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { loginThroughDevIdp } from './support/dev-idp-login';

describe('HTTP contract', () => {
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let client: BrowserLikeClient;

  beforeAll(async () => {
    campus = await startCampus();
    client = new BrowserLikeClient(campus.api.origin);
    await loginThroughDevIdp(client);
  });
  afterAll(async () => {
    await campus.stop();
  });

  describe('state-changing requests', () => {
    it('refuses a POST without X-Requested-With (403) and changes nothing', async () => {
      const reply = await client.request('/api/v1/agreements/accept', { method: 'POST' });
      expect(reply.status).toBe(403);
      expect(reply.json()).toMatchObject({ status: 403, code: 'XHR_HEADER_REQUIRED' });
      expect((await client.xhr('GET', '/api/v1/me')).json().hasAcceptedAgreements).toBe(false);
    });

    it('refuses a cross-site Origin (403) even with the XHR header', async () => {
      const reply = await client.xhr('POST', '/api/v1/agreements/accept', undefined, { origin: 'https://evil.example' });
      expect(reply.status).toBe(403);
      expect(reply.json().code).toBe('CROSS_SITE_REQUEST');
      expect((await client.xhr('GET', '/api/v1/me')).json().hasAcceptedAgreements).toBe(false);
    });

    it('refuses Sec-Fetch-Site: cross-site when no Origin is sent', async () => {
      const reply = await client.xhr('POST', '/api/v1/agreements/accept', undefined, { 'sec-fetch-site': 'cross-site' });
      expect(reply.status).toBe(403);
    });

    it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
      'refuses a body of type %s with 415',
      async (contentType) => {
        const reply = await client.request('/api/v1/check-is-printable-name', {
          method: 'POST',
          headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType },
          body: 'value=山田',
        });
        expect(reply.status).toBe(415);
        expect(reply.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      },
    );

    it('answers malformed JSON with 400 naming the body', async () => {
      const reply = await client.request('/api/v1/check-is-printable-name', {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        body: '{"value": ',
      });
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body' });
    });

    it('answers an oversized body with 413', async () => {
      const reply = await client.xhr('POST', '/api/v1/check-is-printable-name', { value: 'あ'.repeat(600_000) });
      expect(reply.status).toBe(413);
      expect(reply.json().code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api/v1/me/extra'],
    ['GET', '/api/v9/me'],
    ['DELETE', '/api/v1/me'],
  ])('answers %s %s with the 404 envelope', async (method, path) => {
    const reply = await client.xhr(method, path);
    expect(reply.status).toBe(404);
    expect(reply.json()).toEqual({ message: 'お探しのページはみつかりませんでした。', status: 404, code: 'NOT_FOUND' });
  });

  it('never leaks a stack trace', async () => {
    const reply = await client.request('/api/v1/login?currentUrl=' + encodeURIComponent('%'.repeat(5000)));
    expect(reply.status).toBeLessThan(500);
    expect(reply.text).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('accepts the spec paths with and without the trailing slash', async () => {
    expect((await client.xhr('GET', '/api/v1/now/')).status).toBe(200);
    expect((await client.xhr('GET', '/api/v1/now')).status).toBe(200);
  });

  it('tells the server time in milliseconds', async () => {
    const before = Date.now();
    const { value } = (await client.xhr('GET', '/api/v1/now/')).json();
    expect(value).toBeGreaterThanOrEqual(before - 1000);
    expect(value).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const kept = await client.request('/api/health', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-12345678');
    const replaced = await client.request('/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports liveness, and readiness of PostgreSQL and Redis without naming them', async () => {
    expect((await client.request('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await client.request('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('exposes Prometheus metrics with request durations by route', async () => {
    await client.xhr('GET', '/api/v1/now/');
    const metrics = await client.request('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(metrics.text).toMatch(/campus_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/now",status="200"\} \d+/);
    expect(metrics.text).toContain('process_cpu_user_seconds_total');
  });

  it('publishes an OpenAPI document generated from the contracts, covering every documented route', async () => {
    const document = (await client.request('/api/docs')).json();
    expect(document.openapi).toBe('3.0.3');
    for (const route of API_ROUTES) expect(document.paths[route.path][route.method.toLowerCase()]).toBeDefined();
    const putMe = document.paths['/api/v1/me'].put;
    expect(putMe.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/UpdateProfile' });
    expect(document.components.schemas.UpdateProfile.required).toEqual(
      expect.arrayContaining(['lastName', 'firstName', 'lastNameKana', 'firstNameKana', 'email']),
    );
    expect(putMe.responses['400'].description).toContain('AGREEMENT_REQUIRED');
    expect(document.components.schemas.ErrorEnvelope.required).toEqual(['message', 'status', 'code']);
    expect(document.components.schemas.CurrentUser.properties.hasAcceptedAgreements).toEqual({ type: 'boolean' });
    // The analytics batch is answered 204 without a body, and documented so.
    expect(Object.keys(document.paths['/api/v1/analytics/events'].post.responses)).toEqual(expect.arrayContaining(['204']));
    expect(document.paths['/api/v1/analytics/events'].post.responses['200']).toBeUndefined();
  });

  it('documents every route the server actually serves', async () => {
    const served = campus.api.app
      .getHttpAdapter()
      .getInstance()
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, '').trim())
      .filter((line) => line.startsWith('/api'))
      .map((line) => line.replace(/ \(.*\)$/, '').replace(/:(\w+)/g, '{$1}'));
    const documented = new Set(API_ROUTES.map((route) => route.path.replace(/\/$/, '')));
    for (const path of new Set(served)) expect(documented).toContain(path.replace(/\/$/, ''));
  });
});
