import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';

const INDEX_HTML = '<!doctype html><html lang="ja"><head><title>マーケティング学習キャンパス</title></head><body><div id="root"></div></body></html>';

describe('page answers: a page of the route table is 200, anything else 404 (no soft 404)', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  const clientDist = mkdtempSync(path.join(tmpdir(), 'campus-client-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  const get = (pagePath: string) => fetch(new URL(pagePath, campus.api.origin), { redirect: 'manual' });

  beforeAll(async () => {
    writeFileSync(path.join(clientDist, 'index.html'), INDEX_HTML);
    campus = await startCampus({ mediaDir, env: { CLIENT_DIST_DIR: clientDist } });
    await importDemoPack(campus.database.url, mediaDir);
  });
  afterAll(async () => {
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(clientDist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/terms',
    '/privacy',
    '/mypage/profile',
    '/notifications/general',
    '/line-ads',
    '/line-ads/courses/line-ads-basics',
    '/line-ads/courses/line-ads-basics/lessons/account-structure',
    '/line-ads/courses/line-ads-kickoff-seminar',
    '/line-ads/courses/line-ads-kickoff-seminar/lessons/line-ads-kickoff-seminar',
    '/learn-with-video/yahoo-ads',
    '/learn-with-video/yahoo-ads/courses/search-ads-quick-start',
    '/learn-with-video/yahoo-ads/courses/search-ads-quick-start/lessons/keywords-and-ads',
    '/lineyahoo-marketing-skill-badge',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/structure-and-objectives',
  ])('%s: 200 with the page', async (pagePath) => {
    const response = await get(pagePath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root">');
  });

  it.each([
    '/no-such-page',
    '/line-pay',
    '/learn-with-video/line-ads',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-expert',
    '/line-ads/courses/no-such-course',
    '/yahoo-ads/courses/line-ads-basics',
    '/line-ads/courses/line-ads-basics/lessons/no-such-lesson',
    '/line-ads/courses/line-ads-kickoff-seminar/lessons/another-lesson',
    '/learn-with-video/yahoo-ads/courses/line-ads-basics',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/no-such-lesson',
  ])('%s: 404 with the page (the client shows its 404 page)', async (pagePath) => {
    const response = await get(pagePath);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root">');
  });

  it.each([
    ['/line-ads/courses/line-ads-basics/lessons/campaign-objectives', 'learning'],
    ['/line-ads/courses/line-ads-kickoff-seminar', 'seminar'],
    ['/learn-with-video/yahoo-ads/courses/search-ads-quick-start', 'video'],
  ])("%s: the page's HTML tells the client its course's kind (%s), looked up for the status", async (pagePath, courseKind) => {
    const html = await (await get(pagePath)).text();
    const facts = /<script type="application\/json" id="page-facts">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(facts!)).toEqual({ path: pagePath, courseKind });
  });

  it("preloads a slide lesson's first-slide picture from the HTML, at the address the lesson API gives the page", async () => {
    const pagePath = '/line-ads/courses/line-ads-basics/lessons/account-structure';
    const html = await (await get(pagePath)).text();
    const lesson = await (await fetch(new URL('/api/v1/learning-courses/line-ads-basics/lessons/account-structure', campus.api.origin), { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json() as { slidesPoster: { url: string } };

    const preload = /<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/.exec(html)?.[1];
    expect(preload).toBe(lesson.slidesPoster.url);
    const facts = /<script type="application\/json" id="page-facts">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(facts!)).toEqual({ path: pagePath, courseKind: 'learning', firstImage: lesson.slidesPoster.url });
    expect((await get(preload!)).headers.get('content-type')).toBe('image/webp');
  });

  it('preloads no picture for a slide lesson a visitor is asked to log in for, nor for a text lesson', async () => {
    for (const pagePath of ['/line-official-account/courses/oa-analytics-improvement/lessons/improvement-cycle', '/line-ads/courses/line-ads-basics/lessons/campaign-objectives']) {
      const html = await (await get(pagePath)).text();
      expect(html).toContain('id="page-facts"');
      expect(html).not.toContain('rel="preload" as="image"');
    }
  });

  describe("the page's largest text in its HTML, painted before the app runs (issue 37: text first)", () => {
    const api = async <T,>(apiPath: string) =>
      (await (await fetch(new URL(apiPath, campus.api.origin), { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json()) as T;
    const frameOf = (html: string) => /<div id="root">(<div class="page first-frame[\s\S]*)<\/div><\/body>/.exec(html)?.[1];
    const textOf = (fragment: string) => fragment.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    /** A heading's text: the phrase pieces (`<wbr>`) joined again. */
    const headingOf = (html: string) => /<h1>([\s\S]*?)<\/h1>/.exec(html)![1]!.replace(/<[^>]+>/g, '');

    it('writes the top page its hero', async () => {
      expect(headingOf(frameOf(await (await get('/')).text())!)).toBe('マーケティングを、無料で学ぼう');
    });

    it.each([
      ['/line-ads/courses/line-ads-basics', '/api/v1/learning-courses/line-ads-basics', 'トップ LINE広告'],
      ['/learn-with-video/yahoo-ads/courses/search-ads-quick-start', '/api/v1/video-courses/search-ads-quick-start', 'トップ 動画で学ぶ Yahoo!広告'],
      ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic', '/api/v1/certification-courses/line-ads-basic', 'トップ マーケティングスキルバッジ'],
    ])("%s: the course's breadcrumb, title and summary, as its API gives them", async (pagePath, apiPath, area) => {
      const course = await api<{ title: string; summary: string; label?: string }>(apiPath);
      const frame = frameOf(await (await get(pagePath)).text())!;
      expect(textOf(/<nav class="breadcrumb"[\s\S]*?<\/nav>/.exec(frame)![0])).toBe(`${area} ${course.label ?? course.title}`);
      expect(headingOf(frame)).toBe(course.title);
      expect(frame).toContain(`<p class="course-detail__summary">${course.summary}</p>`);
    });

    it("writes a text lesson's body as the lesson API renders it, and a slide lesson's first picture", async () => {
      const text = await api<{ title: string; bodyHtml: string }>('/api/v1/learning-courses/line-ads-basics/lessons/campaign-objectives');
      const textFrame = frameOf(await (await get('/line-ads/courses/line-ads-basics/lessons/campaign-objectives')).text())!;
      expect(headingOf(textFrame)).toBe(text.title);
      expect(textFrame).toContain(`<div class="lesson-body">${text.bodyHtml}</div>`);

      const slides = await api<{ slidesPoster: { url: string; width: number; height: number } }>('/api/v1/learning-courses/line-ads-basics/lessons/account-structure');
      const slideFrame = frameOf(await (await get('/line-ads/courses/line-ads-basics/lessons/account-structure')).text())!;
      const { url, width, height } = slides.slidesPoster;
      expect(slideFrame).toContain(`src="${url.replace(/&/g, '&amp;')}" width="${width}" height="${height}"`);
      expect(textOf(/<nav class="breadcrumb"[\s\S]*?<\/nav>/.exec(slideFrame)![0])).toBe('トップ LINE広告 LINE広告のしくみ アカウント構造を理解する');
    });

    it("writes nothing of a lesson a visitor is asked to log in for (a certification lesson too), of a page that is not there, nor the course's text on its exam pages", async () => {
      for (const pagePath of [
        '/line-official-account/courses/oa-analytics-improvement/lessons/improvement-cycle',
        '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/structure-and-objectives',
        '/line-ads/courses/no-such-course',
        '/line-ads',
        '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy',
        '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-result',
      ]) {
        expect(await (await get(pagePath)).text()).toContain('<div id="root"></div>');
      }
    });
  });

  it('writes no page facts for a page that is not there, or that names no course', async () => {
    for (const pagePath of ['/line-ads/courses/no-such-course', '/line-ads', '/mypage/profile']) expect(await (await get(pagePath)).text()).not.toContain('id="page-facts"');
  });

  describe('pages that name an announcement, a notification or a certificate (issue 32: unknown ids answered 200)', () => {
    const LIVE = randomUUID();
    const SCHEDULED = randomUUID();
    const TAKEN_DOWN = randomUUID();
    const NOTIFICATION = randomUUID();
    const CERTIFICATE_ID = randomUUID();
    const CERTIFICATE_SLUG = 'K7QF2M9A00';
    const UNKNOWN = '00000000-0000-4000-8000-000000000000';
    let learner: BrowserLikeClient;
    let other: BrowserLikeClient;
    let visitor: BrowserLikeClient;
    /** A top-level navigation: the client's cookies, no XHR header. */
    const open = async (client: BrowserLikeClient, pagePath: string) => (await client.request(pagePath)).status;

    beforeAll(async () => {
      learner = await logInAsDemo(campus.api.origin, 'learner');
      other = await logInAsDemo(campus.api.origin, 'learner-new');
      visitor = new BrowserLikeClient(campus.api.origin);
      const database = new Client({ connectionString: campus.database.url });
      await database.connect();
      try {
        await database.query(
          `insert into announcements (id, title, body, publish_at, unpublished_at) values
             ($1, '公開中', '本文', now() - interval '1 day', null),
             ($2, '予約', '本文', now() + interval '1 day', null),
             ($3, '取り下げ', '本文', now() - interval '1 day', now() - interval '1 hour')`,
          [LIVE, SCHEDULED, TAKEN_DOWN],
        );
        const { rows } = await database.query<{ id: string }>(`select id from users where subject = 'demo-learner'`);
        const learnerId = rows[0]!.id;
        await database.query(`insert into notifications (id, user_id, kind, title, body, created_at) values ($1, $2, 'admin_message', '連絡', '本文', now())`, [
          NOTIFICATION,
          learnerId,
        ]);
        await database.query(
          `insert into certificates (id, slug, user_id, course_id, holder_name, issued_at, expires_at, pdf_path)
           select $1, $2, $3, id, '山田 太郎', now(), now() + interval '1 year', 'certificates/test.pdf' from courses where kind = 'certification' and slug = 'line-ads-basic'`,
          [CERTIFICATE_ID, CERTIFICATE_SLUG, learnerId],
        );
      } finally {
        await database.end();
      }
    });

    it('answers a live announcement 200 for anyone, and an unknown, scheduled or taken-down one 404', async () => {
      for (const client of [visitor, learner]) {
        expect(await open(client, `/notifications/general/${LIVE}`)).toBe(200);
        for (const id of [UNKNOWN, SCHEDULED, TAKEN_DOWN, 'no-such-announcement']) expect(await open(client, `/notifications/general/${id}`)).toBe(404);
      }
    });

    it('answers a learner their own certificate 200 (by slug, hyphenated or lower-case, or id), another learner’s or an unknown one 404', async () => {
      for (const key of [CERTIFICATE_SLUG, 'k7qf-2m9a-00', CERTIFICATE_ID]) expect(await open(learner, `/mypage/certificates/${key}`)).toBe(200);
      for (const key of ['no-such-certificate', 'ZZZZZZZZZZ', UNKNOWN]) expect(await open(learner, `/mypage/certificates/${key}`)).toBe(404);
      expect(await open(other, `/mypage/certificates/${CERTIFICATE_SLUG}`)).toBe(404);
    });

    it('answers a learner their own notification 200, another learner’s or an unknown one 404', async () => {
      expect(await open(learner, `/notifications/personal/${NOTIFICATION}`)).toBe(200);
      expect(await open(learner, `/notifications/personal/${UNKNOWN}`)).toBe(404);
      expect(await open(other, `/notifications/personal/${NOTIFICATION}`)).toBe(404);
    });

    it('answers a visitor 200 on any certificate or notification address (the login prompt): it tells nobody whether one exists', async () => {
      for (const pagePath of [`/mypage/certificates/${CERTIFICATE_SLUG}`, '/mypage/certificates/no-such-certificate', `/notifications/personal/${NOTIFICATION}`, `/notifications/personal/${UNKNOWN}`]) {
        expect(await open(visitor, pagePath)).toBe(200);
      }
    });
  });

  it('gives a page asked with a session cookie but no hint (a login from before the hint) its hint back; an API answer never sets it', async () => {
    const learner = await logInAsDemo(campus.api.origin, 'learner');
    const cookieName = campus.api.config.session.cookieName;
    const token = (await learner.cookie(cookieName))!;
    const withSessionOnly = async () => {
      const client = new BrowserLikeClient(campus.api.origin);
      await client.jar.setCookie(`${cookieName}=${token}; Path=/`, campus.api.origin);
      return client;
    };
    const older = await withSessionOnly();
    const page = await older.request('/mypage/profile');
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await older.cookie('campus_signed_in')).toBe('1');
    expect((await older.request('/')).headers.getSetCookie()).toEqual([]);

    const apiOnly = await withSessionOnly();
    expect((await apiOnly.xhr('GET', '/api/v1/me')).status).toBe(200);
    expect(await apiOnly.cookie('campus_signed_in')).toBeUndefined();
    // A visitor's page sets nothing.
    expect((await new BrowserLikeClient(campus.api.origin).request('/')).headers.getSetCookie()).toEqual([]);
  });

  it('keeps the JSON envelope for unknown API paths', async () => {
    const response = await get('/api/v1/no-such-endpoint');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
