import { expect, test } from '@playwright/test';

/** The tracker ids playwright.config.ts gives the e2e campus. */
const E2E_TAG_MANAGER_ID = 'GTM-CAMPUSE2E';
const E2E_LINE_TAG_ID = '5b7d0c1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f';
import { openLoggedIn, stubTrackerScripts, watchConsole } from './support';

/** The page's own tags, as a crawler without JavaScript reads them from the HTML. */
async function metadataOf(request: import('@playwright/test').APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  const attribute = (key: 'name' | 'property', value: string) => html.match(new RegExp(`<meta ${key}="${value}" content="([^"]*)"`))?.[1];
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    titles: html.match(/<title>/g)?.length,
    description: attribute('name', 'description'),
    ogTitle: attribute('property', 'og:title'),
    ogType: attribute('property', 'og:type'),
    ogUrl: attribute('property', 'og:url'),
    ogImage: attribute('property', 'og:image'),
    card: attribute('name', 'twitter:card'),
    twitterImage: attribute('name', 'twitter:image'),
  };
}

test.describe('page metadata in the HTML, without JavaScript', () => {
  for (const [path, preset, titleStart] of [
    ['/', 'common', 'マーケティング学習キャンパス'],
    ['/line-official-account', 'line-official-account', 'LINE公式アカウントを学ぶ'],
    ['/line-ads/courses/line-ads-basics', 'line-ads', 'LINE広告を学ぶ'],
    ['/yahoo-ads', 'yahoo-ads', 'Yahoo!広告を学ぶ'],
    ['/learn-with-video/line-official-account', 'video-line-official-account', '動画で学ぶ LINE公式アカウント'],
    ['/learn-with-video/yahoo-ads', 'video-yahoo-ads', '動画で学ぶ Yahoo!広告'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic', 'certification', 'マーケティングスキルバッジ'],
  ] as const) {
    test(`${path} carries the ${preset} preset`, async ({ request, baseURL }) => {
      const tags = await metadataOf(request, `${path}?utm_source=test`);
      expect(tags.titles).toBe(1);
      expect(tags.title?.startsWith(titleStart)).toBe(true);
      expect(tags.ogTitle).toBe(tags.title);
      expect(tags.description?.length).toBeGreaterThan(20);
      expect(tags).toMatchObject({
        ogType: 'article',
        card: 'summary_large_image',
        ogUrl: new URL(path, baseURL).href,
        ogImage: new URL(`/share/${preset}.png`, baseURL).href,
        twitterImage: new URL(`/share/${preset}.png`, baseURL).href,
      });
      // The share image itself is served.
      const image = await request.get(new URL(tags.ogImage!).pathname);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    });
  }
});

test("the HTML's title has the client's form: the page, ' - ', the site name", async ({ request, page }) => {
  const served = await metadataOf(request, '/line-ads');
  expect(served.title).toBe('LINE広告を学ぶ - マーケティング学習キャンパス');
  expect(served.ogTitle).toBe(served.title);
  // The client, once it has rendered the page, says the same.
  await page.goto('/line-ads');
  await expect(page.getByRole('heading', { level: 1, name: 'LINE広告を学ぶ' })).toBeVisible();
  await expect(page).toHaveTitle(served.title!);
});

const SITE = 'マーケティング学習キャンパス';
const BADGE = '/lineyahoo-marketing-skill-badge';

test.describe('one name per page, in the HTML and on the page (issue 32 §11)', () => {
  test('the skill-badge area is マーケティングスキルバッジ for the server as for the page', async ({ request, page }) => {
    const served = await metadataOf(request, BADGE);
    expect(served.title).toBe(`マーケティングスキルバッジ - ${SITE}`);
    expect(served.ogTitle).toBe(served.title);
    await page.goto(BADGE);
    await expect(page.getByRole('heading', { level: 1, name: 'マーケティングスキルバッジ' })).toBeVisible();
    await expect(page).toHaveTitle(served.title!);
  });

  // Each page a visitor is asked to log in for names itself, not the bare site name.
  for (const [path, name] of [
    ['/mypage/profile', 'プロフィール'],
    ['/mypage/profile/edit', 'プロフィールの編集'],
    ['/mypage/history', '受講履歴'],
    ['/mypage/wishlist', '受講したいリスト'],
    ['/mypage/certificates', '認定証'],
    [`${BADGE}/courses/line-ads-basic/exam-policy`, 'LINE広告 Basic 受験規約'],
    [`${BADGE}/courses/line-ads-basic/exam`, 'LINE広告 Basic 認定試験'],
    [`${BADGE}/courses/line-ads-basic/exam-result`, 'LINE広告 Basic 試験結果'],
    [`${BADGE}/courses/yahoo-ads-searchads-basic/lessons/search-ads-mechanism`, 'Yahoo!広告 検索広告 Basic のレッスン'],
    ['/admin/events', '運営コンソール'],
  ] as const) {
    test(`${path}: the login prompt's page is 「${name}」 in the HTML and in the browser`, async ({ request, page }) => {
      const served = await metadataOf(request, path);
      // Soft: the HTML and the browser are told apart when one of them is wrong.
      expect.soft(served.title).toBe(`${name} - ${SITE}`);
      expect.soft(served.ogTitle).toBe(served.title);
      await page.goto(path);
      await expect(page.getByRole('alertdialog', { name: 'ログインしてください' })).toBeVisible();
      await expect.soft(page).toHaveTitle(`${name} - ${SITE}`);
    });
  }
});

test.describe('HTTP status of a page (no soft 404)', () => {
  for (const path of ['/terms', '/privacy', '/line-ads/courses/line-ads-basics/lessons/account-structure', '/lineyahoo-marketing-skill-badge/courses/line-ads-basic']) {
    test(`${path} answers 200`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
    });
  }

  for (const path of ['/no-such-page', '/line-pay', '/line-ads/courses/no-such-course', '/lineyahoo-marketing-skill-badge/courses/line-ads-expert']) {
    test(`${path} answers 404 with the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(response?.headers()['content-type']).toContain('text/html');
      await expect(page.getByRole('heading', { name: 'お探しのページはみつかりませんでした。' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'トップページへ' })).toBeVisible();
    });
  }

  test('an unknown announcement, certificate or notification answers 404 with the 404 page, the console clean; a visitor is asked to log in whatever the id', async ({
    page,
    browser,
  }) => {
    // Two browsers and a login: under both campuses' load a new context alone has taken 7 s.
    test.setTimeout(120_000);
    const notFound = (on: typeof page) => expect(on.getByRole('heading', { name: 'お探しのページはみつかりませんでした。' })).toBeVisible();
    const visitorProblems = watchConsole(page);
    for (const path of ['/notifications/general/00000000-0000-4000-8000-000000000000', '/notifications/general/no-such-announcement']) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await notFound(page);
    }
    // Which certificates exist is the holder's to know: a visitor meets the login popup at any certificate address.
    expect((await page.goto('/mypage/certificates/no-such-certificate'))?.status()).toBe(200);
    await expect(page.getByRole('alertdialog', { name: 'ログインしてください' })).toBeVisible();
    expect(visitorProblems).toEqual([]);

    const learner = await openLoggedIn(browser, 'learner', '山田 太郎');
    const learnerProblems = watchConsole(learner);
    for (const path of ['/mypage/certificates/no-such-certificate', '/mypage/certificates/00000000-0000-4000-8000-000000000000', '/notifications/personal/00000000-0000-4000-8000-000000000000']) {
      expect((await learner.goto(path))?.status(), path).toBe(404);
      await notFound(learner);
    }
    expect(learnerProblems).toEqual([]);
  });

  test('an unknown API path keeps the JSON envelope', async ({ request }) => {
    const response = await request.get('/api/v1/no-such-endpoint', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

test('the configured trackers are announced in the HTML and allowed by the page CSP', async ({ request }) => {
  const response = await request.get('/line-ads');
  const html = await response.text();
  expect(html).toContain(`<meta name="campus:tag-manager-id" content="${E2E_TAG_MANAGER_ID}" />`);
  expect(html).toContain(`<meta name="campus:line-tag-id" content="${E2E_LINE_TAG_ID}" />`);
  const scriptSources = response.headers()['content-security-policy']?.match(/script-src ([^;]*)/)?.[1].split(' ');
  expect(scriptSources).toEqual(["'self'", 'https://www.googletagmanager.com', 'https://d.line-scdn.net']);
});

test.describe('page views', () => {
  // The tracker scripts are answered by a route, which a service worker would bypass.
  test.use({ serviceWorkers: 'block' });

  test('a navigation reports one page view to the tag manager and the ad tag when the path changes and none when only the query does', async ({ page }) => {
    const trackerScripts = await stubTrackerScripts(page);
    const pageViews = () =>
      page.evaluate(() => {
        const queues = window as unknown as { dataLayer?: { event: string; page_path?: string }[]; _ltq?: unknown[][] };
        return {
          tagManager: (queues.dataLayer ?? []).filter((entry) => entry.event === 'page_view').map((entry) => entry.page_path),
          adTag: (queues._ltq ?? []).filter((call) => call[0] === 'send' && call[1] === 'pv').length,
        };
      });
    await page.goto('/');
    await expect.poll(pageViews).toEqual({ tagManager: ['/'], adTag: 1 });
    expect(trackerScripts).toEqual([`https://www.googletagmanager.com/gtm.js?id=${E2E_TAG_MANAGER_ID}`, 'https://d.line-scdn.net/n/line_tag/public/release/v1/lt.js']);

    await page.getByRole('list', { name: 'LINE広告のカテゴリー' }).getByRole('link', { name: 'ターゲティング' }).click();
    await expect(page).toHaveURL(/\/line-ads\?category=targeting$/);
    await expect.poll(pageViews).toEqual({ tagManager: ['/', '/line-ads'], adTag: 2 });

    // Filters live in the query string: the same page, so no new page view, but a filter event.
    await page.getByRole('checkbox', { name: '初級' }).check();
    await expect(page).toHaveURL(/level=BEGINNER/);
    await page.getByRole('checkbox', { name: 'ターゲティング' }).uncheck();
    await expect(page).toHaveURL(/\/line-ads\?level=BEGINNER$/);
    expect(await pageViews()).toEqual({ tagManager: ['/', '/line-ads'], adTag: 2 });
    const filterQueries = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: { event: string; query?: string }[] }).dataLayer ?? []).filter((entry) => entry.event === 'course_list_filter').map((entry) => entry.query),
      );
    await expect.poll(filterQueries).toContain('level=BEGINNER');

    // The page's description follows the path (the server wrote the first one).
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('LINE広告');
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(pageViews).toEqual({ tagManager: ['/', '/line-ads', '/'], adTag: 3 });
    // One page load: the trackers were loaded once.
    expect(trackerScripts).toHaveLength(2);
  });
});

test.describe("the first page's own code, linked from the HTML", () => {
  // Every script the page asks for is seen here, none answered by a worker.
  test.use({ serviceWorkers: 'block' });

  for (const [path, routeChunk] of [
    ['/', 'home-page'],
    ['/line-ads/courses/line-ads-basics', 'service-pages'],
    ['/line-ads/courses/line-ads-basics/lessons/account-structure', 'lesson-pages'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic', 'badge-pages'],
  ] as const) {
    test(`${path}: the scripts and styles the page loads at start are named in its HTML`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      const named = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!));
      expect([...named].some((file) => file.startsWith(`/assets/${routeChunk}-`))).toBe(true);

      const requested: string[] = [];
      page.on('request', (sent) => {
        const { pathname } = new URL(sent.url());
        if (/^\/assets\/.+\.(?:m?js|css)$/.test(pathname)) requested.push(pathname);
      });
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      // pdf.js is fetched later, by the slide viewer, once the page is up; so are the service worker's
      // notices (app-shell.tsx), which no page waits for.
      const atStart = requested.filter((file) => !/\/(?:pdf(?:\.worker)?\.min|app-updates)-/.test(file));
      expect(atStart.filter((file) => !named.has(file))).toEqual([]);
      // The app inserts a stylesheet link for each of the page's styles unless it finds one: never two.
      const duplicated = await page.evaluate(() => {
        const hrefs = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'));
        return hrefs.filter((href, index) => hrefs.indexOf(href) !== index);
      });
      expect(duplicated).toEqual([]);
    });
  }

  test("an exam policy page loads none of the top, course and lesson pages' chunks or styles", async ({ page, request }) => {
    const html = await (await request.get('/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy')).text();
    const named = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)\.(?:js|css)"/g)].map((match) => match[1]!);
    expect(named.some((file) => file.startsWith('exam-pages-'))).toBe(true);
    const otherPages = /^\/assets\/(home-page|service-pages|lesson-pages)-/;
    expect(named.filter((file) => otherPages.test(`/assets/${file}`))).toEqual([]);

    // Nor does the page ask for them as it starts (a visitor is asked to log in there).
    const requested: string[] = [];
    page.on('request', (sent) => requested.push(new URL(sent.url()).pathname));
    await page.goto('/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy');
    await expect(page.getByRole('alertdialog', { name: 'ログインしてください' })).toBeVisible();
    expect(requested.filter((file) => otherPages.test(file))).toEqual([]);
  });

  test("a certificate's verification page loads no schema library: its labels come from a module without zod", async ({ request }) => {
    const html = await (await request.get('/certificates/verify/ABCD2345EF')).text();
    const named = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)\.js"/g)].map((match) => match[1]!);
    expect(named.some((file) => file.startsWith('certificate-verification-page-'))).toBe(true);
    for (const file of named) expect((await (await request.get(`/assets/${file}.js`)).text())).not.toContain('$ZodObject');
  });

  test('the scripts a page runs as it loads ask V8 to compile them up front; a library loaded on demand does not', async ({ page, request }) => {
    const html = await (await request.get('/line-ads/courses/line-ads-basics/lessons/account-structure')).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const firstLines = await Promise.all(scripts.map(async (script) => (await (await request.get(script)).text()).split('\n', 1)[0]));
    // The entry and the lesson's own chunk (the tiny bundler runtime is not a route's code).
    const hinted = scripts.filter((_, index) => firstLines[index] === '//# allFunctionsCalledOnLoad');
    expect(hinted.some((script) => /\/index-/.test(script))).toBe(true);
    expect(hinted.some((script) => /\/lesson-pages-/.test(script))).toBe(true);

    const pdfjs = page.waitForResponse((response) => /\/assets\/pdf\.min-[^/]+\.mjs$/.test(new URL(response.url()).pathname));
    await page.goto('/line-ads/courses/line-ads-basics/lessons/account-structure');
    // The deck shows its first slide as a picture: pdf.js comes when the learner pages.
    await page.getByRole('region', { name: /^スライド/ }).getByRole('button', { name: '次へ' }).click();
    expect((await (await pdfjs).text()).startsWith('//# allFunctionsCalledOnLoad')).toBe(false);
  });
});
