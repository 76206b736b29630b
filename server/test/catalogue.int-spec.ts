import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContentPack } from '../src/modules/catalogue/content/load-content-pack';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { DEMO_PACK_DIR, importDemoPack } from './support/demo-content';

describe('catalogue API on the imported demo pack', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let client: BrowserLikeClient;

  beforeAll(async () => {
    campus = await startCampus({ mediaDir });
    await importDemoPack(campus.database.url, mediaDir);
    client = new BrowserLikeClient(campus.api.origin);
  });
  afterAll(async () => {
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('describes the three programs in the pack order', async () => {
    const programs = (await client.xhr('GET', '/api/v1/programs/')).json();
    expect(programs.map((program: { code: string; serviceSlug: string }) => [program.code, program.serviceSlug])).toEqual([
      ['OA', 'line-official-account'],
      ['AD', 'line-ads'],
      ['Y_ADS', 'yahoo-ads'],
    ]);
    expect(programs[0].description).toContain('友だち');
  });

  it('lists the categories of a program in the pack order', async () => {
    const reply = await client.xhr('GET', '/api/v1/categories/?program=AD');
    expect(reply.status).toBe(200);
    expect(reply.json().map((category: { slug: string }) => category.slug)).toEqual(['basics', 'targeting', 'bidding', 'creative', 'measurement']);
    expect(reply.json()[0]).toEqual({ program: 'AD', slug: 'basics', name: '広告の基本' });
  });

  it.each(['', '?program=', '?program=LINE', '?program=oa'])('answers 400 naming program for %j', async (query) => {
    const reply = await client.xhr('GET', `/api/v1/categories/${query}`);
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'program' });
  });

  it('returns the featured items with the page of each course', async () => {
    const items = (await client.xhr('GET', '/api/v1/featured/')).json();
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items[0]).toMatchObject({ kind: 'learning', program: 'OA', slug: 'oa-getting-started', path: '/line-official-account/courses/oa-getting-started' });
    expect(items.find((item: { kind: string }) => item.kind === 'video').path).toMatch(/^\/learn-with-video\/line-official-account\/courses\//);
    expect(items.find((item: { kind: string }) => item.kind === 'certification').path).toBe('/lineyahoo-marketing-skill-badge/courses/line-official-account-basic');
  });

  it('returns the campaign while it runs (Asia/Tokyo dates), 404 otherwise', async () => {
    const reply = await client.xhr('GET', '/api/v1/campaign');
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const { startsOn, endsOn } = loadContentPack(DEMO_PACK_DIR).campaign;
    if (startsOn <= today && today <= endsOn) {
      expect(reply.status).toBe(200);
      expect(reply.json()).toMatchObject({ title: 'スキルバッジ取得応援キャンペーン', link: '/lineyahoo-marketing-skill-badge' });
    } else {
      expect(reply.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });

  it('serves the rendered slide decks from the media storage', async () => {
    const reply = await client.request('/media/slides/learning/bidding-and-budget/ad-auction.pdf');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.text.startsWith('%PDF-')).toBe(true);
    expect((await client.request('/media/../package.json')).status).toBe(404);
  });

  describe('learning courses', () => {
    const list = async (query = '') => (await client.xhr('GET', `/api/v1/learning-courses/${query}`)).json();

    it('lists every learning course by default, 12 to a page', async () => {
      const page = await list();
      expect(page).toMatchObject({ total: 12, page: 1, limit: 12 });
      const course = page.items.find((item: { slug: string }) => item.slug === 'oa-getting-started');
      expect(course).toMatchObject({ program: 'OA', level: 'BEGINNER', path: '/line-official-account/courses/oa-getting-started', lessonCount: 4 });
    });

    it('filters by repeatable or comma-separated program, level and category', async () => {
      expect((await list('?program=AD')).total).toBe(4);
      expect((await list('?program=AD&program=Y_ADS')).total).toBe(8);
      expect((await list('?program=AD,Y_ADS')).total).toBe(8);
      const beginners = await list('?level=BEGINNER');
      expect(beginners.items.every((course: { level: string }) => course.level === 'BEGINNER')).toBe(true);
      const friends = await list('?program=OA&category=friends');
      expect(friends.items.map((course: { slug: string }) => course.slug)).toEqual(['oa-grow-friends']);
      expect((await list('?category=friends,bidding')).total).toBe(2);
    });

    it('pages with page and limit', async () => {
      const first = await list('?limit=5');
      const third = await list('?limit=5&page=3');
      expect(first.items).toHaveLength(5);
      expect(third).toMatchObject({ total: 12, page: 3, limit: 5 });
      expect(third.items).toHaveLength(2);
      expect((await list('?page=9')).items).toEqual([]);
    });

    it.each([
      ['?program=LINE', 'program'],
      ['?level=EXPERT', 'level'],
      ['?category=Friends!', 'category'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?limit=51', 'limit'],
      ['?limit=1.5', 'limit'],
    ])('answers 400 naming the parameter for %s', async (query, field) => {
      const reply = await client.xhr('GET', `/api/v1/learning-courses/${query}`);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });

    it('returns a course with its lessons in order, and 404 for an unknown slug', async () => {
      const reply = await client.xhr('GET', '/api/v1/learning-courses/oa-getting-started');
      expect(reply.status).toBe(200);
      expect(reply.json().lessons.map((lesson: { slug: string }) => lesson.slug)).toEqual([
        'what-you-can-do',
        'open-account',
        'greeting-message',
        'first-month-plan',
      ]);
      expect((await client.xhr('GET', '/api/v1/learning-courses/no-such-course')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });
});
