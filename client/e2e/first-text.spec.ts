import { expect, test, type Browser } from '@playwright/test';
import { appShown } from './support';

/*
 * Issue 37, text first: the server writes a page's largest text into its HTML (server/src/common/http/
 * first-text-html.ts), so the browser paints it before any script has run. With the app's scripts held
 * back, the HTML alone must show that text; with them, the app must put the same text in the same place,
 * so nothing jumps when it replaces the server's frame.
 */
const PAGES = [
  { name: 'the top page', path: '/', parts: ['.site-name', '.hero h1', '.hero p'] },
  { name: 'a course page', path: '/line-ads/courses/line-ads-basics', parts: ['.site-name', '.breadcrumb', 'main h1', '.course-detail__summary'] },
  { name: 'a slide lesson', path: '/line-ads/courses/line-ads-basics/lessons/account-structure', parts: ['.site-name', '.breadcrumb', '.lesson__course', 'main h1', '.pdf-viewer__poster'] },
  { name: 'a text lesson', path: '/line-ads/courses/line-ads-basics/lessons/performance-ads', parts: ['.site-name', '.breadcrumb', 'main h1', '.lesson-body'] },
] as const;

type Part = { text: string; x: number; y: number; width: number; height: number };

/** Where each part is and what it says: the server's frame alone (scripts held back), or the app's page. */
async function partsOf(browser: Browser, width: number, path: string, parts: readonly string[], appRuns: boolean): Promise<Part[]> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  if (!appRuns) await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
  const frame = page.locator('.first-frame');
  if (appRuns) {
    await appShown(page);
    await expect(page.locator('main h1')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'ログイン', exact: true }).first()).toBeVisible();
  } else {
    await expect(frame).toBeVisible();
  }
  // The slide's picture laid out at its decoded size (lazy images below the fold never load, so not those).
  await page.evaluate(() => Promise.all([...document.querySelectorAll('img:not([loading="lazy"])')].map((image) => (image as HTMLImageElement).decode().catch(() => undefined))));
  const found = await Promise.all(
    parts.map((selector) =>
      page.locator(selector).first().evaluate((element) => {
        const box = element.getBoundingClientRect();
        const [x, y, w, h] = [box.x, box.y, box.width, box.height].map(Math.round) as [number, number, number, number];
        return { text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(), x, y, width: w, height: h };
      }),
    ),
  );
  await context.close();
  return found;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    for (const { name, path, parts } of PAGES) {
      test(`${name}: its largest text is in the HTML, where the app then shows the same text`, async ({ browser }) => {
        const frame = await partsOf(browser, width, path, parts, false);
        for (const part of frame) expect(part.width * part.height).toBeGreaterThan(0);
        expect(frame.find((part) => part.text !== '')).toBeDefined();
        expect(await partsOf(browser, width, path, parts, true)).toEqual(frame);
      });
    }
  });
}

test('with scripts off a page keeps its text and the notice, and shows no lines of loading that will never end', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/line-ads/courses/line-ads-basics');
  // (Playwright's text locators skip <noscript>: the page's rendered text is read instead.)
  expect(await page.locator('body').innerText()).toContain('このサイトを表示するには JavaScript を有効にしてください。');
  await expect(page.getByRole('heading', { level: 1, name: 'LINE広告のしくみ' })).toBeVisible();
  await expect(page.locator('.course-detail__summary')).toBeVisible();
  expect(await page.locator('.first-frame .page-skeleton__block').count()).toBeGreaterThan(0);
  await expect(page.locator('.first-frame .page-skeleton__block').first()).toBeHidden();
  await context.close();
});

test('a lesson a visitor must log in for puts nothing of itself in the HTML', async ({ request }) => {
  const html = await (await request.get('/line-official-account/courses/oa-analytics-improvement/lessons/improvement-cycle')).text();
  expect(html).toContain('<div id="root"></div>');
});
