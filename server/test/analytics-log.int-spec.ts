import { Client } from 'pg';
import type { AnalyticsLogPage, AnalyticsReportInput, AnalyticsSummary } from '../src/contracts/analytics-log';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { logInAsDemo } from './support/dev-idp-login';

const ENDPOINT = '/api/v1/analytics/events';
const ADMIN_ROUTES = ['/api/v1/admin/analytics/events', '/api/v1/admin/analytics/events/summary'];

/** Today (YYYY-MM-DD) on the Tokyo calendar, as the summary counts days. */
const tokyoDay = (instant: Date) => new Date(instant.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

const aReport = (overrides: Partial<AnalyticsReportInput> = {}): AnalyticsReportInput => ({
  kind: 'event',
  name: 'header_navigation',
  path: '/',
  occurredAt: new Date().toISOString(),
  params: { key: 'learn' },
  ...overrides,
});

describe('first-party analytics log', () => {
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let visitor: BrowserLikeClient;
  let learner: BrowserLikeClient;
  let newcomer: BrowserLikeClient;
  let admin: BrowserLikeClient;
  let learnerId: string;

  const storedCount = async () => Number((await database.query('select count(*) from analytics_reports')).rows[0].count);
  const adminGet = async <T>(address: string): Promise<T> => {
    const reply = await admin.xhr('GET', address);
    if (reply.status !== 200) throw new Error(`${address} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
    return reply.json<T>();
  };
  /** A report as a browser page sends it: same-origin, XHR header, JSON. */
  const send = (client: BrowserLikeClient, body: unknown, headers: Record<string, string> = {}) =>
    client.xhr('POST', ENDPOINT, body, { origin: campus.api.origin, ...headers });

  beforeAll(async () => {
    campus = await startCampus();
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    visitor = new BrowserLikeClient(campus.api.origin);
    learner = await logInAsDemo(campus.api.origin, 'learner');
    newcomer = await logInAsDemo(campus.api.origin, 'learner-new', { acceptAgreements: false });
    admin = await logInAsDemo(campus.api.origin, 'admin');
    learnerId = (await database.query(`select id from users where subject = 'demo-learner'`)).rows[0].id;
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
  });

  describe('recording', () => {
    it('stores a learner batch with their id, in order, and answers 204 with no body', async () => {
      const reply = await send(learner, {
        events: [
          aReport({ kind: 'page_view', name: 'page_view', path: '/line-ads', params: {} }),
          aReport({ name: 'share', path: '/line-ads', params: { method: 'copy', ok: true, count: 1, nothing: null } }),
          aReport({ kind: 'goal', name: 'login', path: '/line-ads' }),
        ],
      });
      expect(reply.status).toBe(204);
      expect(reply.text).toBe('');
      const { rows } = await database.query(`select kind, name, path, params, user_id from analytics_reports where user_id is not null order by id`);
      expect(rows).toEqual([
        { kind: 'page_view', name: 'page_view', path: '/line-ads', params: {}, user_id: learnerId },
        { kind: 'event', name: 'share', path: '/line-ads', params: { method: 'copy', ok: true, count: 1, nothing: null }, user_id: learnerId },
        { kind: 'goal', name: 'login', path: '/line-ads', params: { key: 'learn' }, user_id: learnerId },
      ]);
    });

    it('stores a visitor report, and a learner who has not accepted the privacy policy yet, without a user id', async () => {
      const before = await storedCount();
      expect((await send(visitor, { events: [aReport({ kind: 'page_view', name: 'page_view', path: '/yahoo-ads', params: {} })] })).status).toBe(204);
      expect((await send(newcomer, { events: [aReport({ kind: 'page_view', name: 'page_view', path: '/yahoo-ads', params: {} })] })).status).toBe(204);
      expect(await storedCount()).toBe(before + 2);
      const { rows } = await database.query(`select user_id from analytics_reports where path = '/yahoo-ads'`);
      expect(rows).toEqual([{ user_id: null }, { user_id: null }]);
    });

    it('keeps the page clock within the day before receipt', async () => {
      expect((await send(visitor, { events: [aReport({ name: 'clock_check', occurredAt: '2001-01-01T00:00:00Z' })] })).status).toBe(204);
      const { rows } = await database.query(`select occurred_at, received_at from analytics_reports where name = 'clock_check'`);
      expect(rows[0].received_at.getTime() - rows[0].occurred_at.getTime()).toBe(24 * 3_600_000);
    });

    it('takes 50 reports in one call', async () => {
      const before = await storedCount();
      const reply = await send(visitor, { events: Array.from({ length: 50 }, (_, index) => aReport({ name: 'bulk', params: { index } })) });
      expect(reply.status).toBe(204);
      expect(await storedCount()).toBe(before + 50);
    });

    const badBatches: [what: string, field: string, body: unknown][] = [
      ['too many reports', 'events', { events: Array.from({ length: 51 }, () => aReport()) }],
      ['no reports', 'events', { events: [] }],
      ['a bad name', 'events.3.name', { events: [aReport(), aReport(), aReport(), aReport({ name: 'Header Navigation' })] }],
      ['a name too long', 'events.0.name', { events: [aReport({ name: 'a'.repeat(65) })] }],
      ['a path not on the site', 'events.0.path', { events: [aReport({ path: 'https://evil.example/' })] }],
      ['a protocol-relative path', 'events.0.path', { events: [aReport({ path: '//evil.example/' })] }],
      ['a path too long', 'events.0.path', { events: [aReport({ path: `/${'a'.repeat(2048)}` })] }],
      ['params too big', 'events.0.params', { events: [aReport({ params: { text: 'あ'.repeat(2000) } })] }],
      ['params not an object', 'events.0.params', { events: [aReport({ params: 'key=learn' as never })] }],
      ['params not flat', 'events.0.params.nested', { events: [aReport({ params: { nested: { deep: 1 } } as never })] }],
      ['an unknown kind', 'events.0.kind', { events: [aReport({ kind: 'click' as never })] }],
      ['a time that is no time', 'events.0.occurredAt', { events: [aReport({ occurredAt: 'yesterday' })] }],
      ['events not a list', 'events', { events: { 0: aReport() } }],
      ['a body that is not an object', 'body', [aReport()]],
    ];

    it.each(badBatches)('refuses %s with a 400 naming %s, and stores nothing', async (_, field, body) => {
      const before = await storedCount();
      const reply = await send(learner, body);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field, message: expect.any(String) });
      expect(await storedCount()).toBe(before);
    });

    it('refuses a call without a body, naming events', async () => {
      const before = await storedCount();
      const reply = await visitor.xhr('POST', ENDPOINT, undefined, { origin: campus.api.origin });
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'events' });
      expect(await storedCount()).toBe(before);
    });

    it('refuses cross-site writes, XHRs without the header and bodies that are not JSON, and stores nothing', async () => {
      const before = await storedCount();
      const body = { events: [aReport()] };
      expect((await send(learner, body, { origin: 'https://evil.example' })).json()).toMatchObject({ status: 403, code: 'CROSS_SITE_REQUEST' });
      const noOrigin = await learner.request(ENDPOINT, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify(body),
      });
      expect(noOrigin.json()).toMatchObject({ status: 403, code: 'CROSS_SITE_REQUEST' });
      const beacon = await visitor.request(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json', origin: campus.api.origin }, body: JSON.stringify(body) });
      expect(beacon.json()).toMatchObject({ status: 403, code: 'XHR_HEADER_REQUIRED' });
      const form = await visitor.request(ENDPOINT, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'text/plain', origin: campus.api.origin },
        body: JSON.stringify(body),
      });
      expect(form.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'content-type' });
      expect(await storedCount()).toBe(before);
    });
  });

  describe('admin reads', () => {
    let pageViewIds: number[];

    beforeAll(async () => {
      await database.query(`delete from analytics_reports`);
      const now = Date.now();
      // Six page views by the learner on two paths, one event and one goal by a visitor, one view long ago.
      const views = Array.from({ length: 6 }, (_, index) =>
        aReport({ kind: 'page_view', name: 'page_view', path: index % 3 === 0 ? '/line-ads' : '/line-ads/courses/ads-basics', params: {}, occurredAt: new Date(now - (6 - index) * 1000).toISOString() }),
      );
      expect((await send(learner, { events: views })).status).toBe(204);
      expect((await send(visitor, { events: [aReport({ name: 'lesson_video_play', path: '/yahoo-ads/courses/y/lessons/l' }), aReport({ kind: 'goal', name: 'login', path: '/' })] })).status).toBe(204);
      await database.query(
        `insert into analytics_reports (occurred_at, received_at, user_id, kind, name, path, params)
         values (now() - interval '40 days', now() - interval '40 days', null, 'page_view', 'page_view', '/old-page', '{}')`,
      );
      pageViewIds = (await database.query(`select id from analytics_reports where kind = 'page_view' order by id desc`)).rows.map((row) => Number(row.id));
    });

    it.each(ADMIN_ROUTES)('%s: a visitor gets 401 and a learner 403', async (address) => {
      expect((await visitor.xhr('GET', address)).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
      expect((await learner.xhr('GET', address)).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    });

    it('lists newest first with the learner name, a page at a time', async () => {
      const first = await adminGet<AnalyticsLogPage>('/api/v1/admin/analytics/events?limit=4');
      expect(first.items.map((item) => item.name)).toEqual(['page_view', 'login', 'lesson_video_play', 'page_view']);
      expect(first.items[0]).toMatchObject({ path: '/old-page', userId: null, learnerName: null });
      expect(first.items[3]).toMatchObject({ kind: 'page_view', path: '/line-ads/courses/ads-basics', userId: learnerId, learnerName: '山田 太郎' });
      expect(first.nextBefore).toBe(first.items[3]!.id);

      const second = await adminGet<AnalyticsLogPage>(`/api/v1/admin/analytics/events?limit=4&before=${first.nextBefore}`);
      const third = await adminGet<AnalyticsLogPage>(`/api/v1/admin/analytics/events?limit=4&before=${second.nextBefore}`);
      expect(third.nextBefore).toBeNull();
      const ids = [...first.items, ...second.items, ...third.items].map((item) => item.id);
      expect(ids).toHaveLength(9);
      expect(ids).toEqual([...ids].sort((left, right) => right - left));
    });

    it('filters by kind, name, path prefix and learner', async () => {
      const list = (query: string) => adminGet<AnalyticsLogPage>(`/api/v1/admin/analytics/events?${query}`).then((page) => page.items);
      expect((await list('kind=page_view')).map((item) => item.id)).toEqual(pageViewIds);
      expect((await list('kind=goal')).map((item) => item.name)).toEqual(['login']);
      expect((await list('name=lesson_video_play')).map((item) => item.path)).toEqual(['/yahoo-ads/courses/y/lessons/l']);
      expect(await list('path=%2Fline-ads%2Fcourses')).toHaveLength(4);
      expect(await list('path=%2Fline-ads')).toHaveLength(6);
      expect((await list(`userId=${learnerId}`)).every((item) => item.userId === learnerId)).toBe(true);
      expect(await list(`userId=${learnerId}`)).toHaveLength(6);
      expect(await list(`userId=${learnerId}&kind=event`)).toEqual([]);
    });

    it.each([
      ['kind=click', 'kind'],
      ['name=Page%20View', 'name'],
      ['path=line-ads', 'path'],
      ['userId=learner%40example.com', 'userId'],
      ['before=0', 'before'],
      ['limit=201', 'limit'],
    ])('refuses the list filter %s with a 400 naming %s', async (query, field) => {
      const reply = await admin.xhr('GET', `/api/v1/admin/analytics/events?${query}`);
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
    });

    it('sums the range by kind and name, and page views by path, the most frequent first', async () => {
      const today = tokyoDay(new Date());
      const summary = await adminGet<AnalyticsSummary>(`/api/v1/admin/analytics/events/summary?from=${today}&to=${today}`);
      expect(summary).toEqual({
        from: today,
        to: today,
        totals: { pageViews: 6, events: 1, goals: 1 },
        names: [
          { kind: 'page_view', name: 'page_view', count: 6 },
          { kind: 'event', name: 'lesson_video_play', count: 1 },
          { kind: 'goal', name: 'login', count: 1 },
        ],
        paths: [
          { path: '/line-ads/courses/ads-basics', count: 4 },
          { path: '/line-ads', count: 2 },
        ],
      });
    });

    it('counts the last 30 days by default and older days when asked', async () => {
      const byDefault = await adminGet<AnalyticsSummary>('/api/v1/admin/analytics/events/summary');
      expect(byDefault.to).toBe(tokyoDay(new Date()));
      expect(byDefault.totals.pageViews).toBe(6);
      const longAgo = tokyoDay(new Date(Date.now() - 40 * 24 * 3_600_000));
      const old = await adminGet<AnalyticsSummary>(`/api/v1/admin/analytics/events/summary?from=${longAgo}&to=${longAgo}`);
      expect(old.paths).toEqual([{ path: '/old-page', count: 1 }]);
    });

    it.each([
      ['from=2026-13-01', 'from'],
      ['to=20261101', 'to'],
      ['from=2026-11-10&to=2026-11-01', 'from'],
      ['from=2024-01-01&to=2025-06-01', 'from'],
    ])('refuses the summary range %s with a 400 naming %s', async (query, field) => {
      const reply = await admin.xhr('GET', `/api/v1/admin/analytics/events/summary?${query}`);
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
    });
  });
});
