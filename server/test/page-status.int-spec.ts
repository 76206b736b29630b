import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';

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

  it('keeps the JSON envelope for unknown API paths', async () => {
    const response = await get('/api/v1/no-such-endpoint');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
