import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, openLoggedIn, watchConsole } from './support';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** A browser of its own logged in as the demo admin, past the agreements, on the top page. */
const openAsAdmin = (browser: Browser): Promise<Page> => openLoggedIn(browser, 'admin', '管理 花子');

/** Resolves when the page has sent a page view of `path` to the campus's own event log (after a quiet 5 s). */
const pageViewLogged = (page: Page, path: string) =>
  page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/v1/analytics/events') &&
      (JSON.parse(request.postData() ?? '{}') as { events?: { kind: string; path: string }[] }).events?.some((report) => report.kind === 'page_view' && report.path === path) === true,
  );

test.describe('access log (first-party analytics)', () => {
  test('an admin sees in アクセスログ the pages a visitor viewed', async ({ browser }) => {
    const visitor = await (await browser.newContext()).newPage();
    const visitorProblems = watchConsole(visitor);
    // The pages report their views themselves.
    for (const path of ['/line-ads', '/yahoo-ads']) {
      const logged = pageViewLogged(visitor, path);
      await visitor.goto(path);
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await logged;
    }

    const admin = await openAsAdmin(browser);
    const adminProblems = watchConsole(admin);
    await admin.getByRole('button', { name: '管理 花子さん' }).click();
    await admin.getByRole('link', { name: '運営コンソール' }).click();
    await admin.getByRole('navigation', { name: '運営コンソール' }).getByRole('link', { name: 'アクセスログ' }).click();
    await expect(admin).toHaveURL(/\/admin\/analytics-log$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'アクセスログ' })).toBeVisible();

    // The summary counts the views per page.
    const topPages = admin.getByRole('table', { name: 'よく見られたページ（上位 20）' });
    await expect(topPages.getByRole('row').filter({ hasText: '/line-ads' }).first()).toBeVisible();
    await expect(topPages.getByRole('row').filter({ hasText: '/yahoo-ads' }).first()).toBeVisible();

    // The list holds both views, by a visitor, the newer one first.
    const list = admin.getByRole('table', { name: 'アクセスログ（新しい順）' });
    const views = list.getByRole('row').filter({ hasText: 'ページビュー' }).filter({ hasText: '訪問者' });
    await expect(views.filter({ hasText: '/line-ads' }).first()).toBeVisible();
    await expect(views.filter({ hasText: '/yahoo-ads' }).first()).toBeVisible();
    const order = await views.evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    expect(order.findIndex((text) => text.includes('/yahoo-ads'))).toBeLessThan(order.findIndex((text) => text.includes('/line-ads')));
    await expectAccessible(admin);

    // Narrowed to one page, only its views remain.
    await admin.getByLabel('種類').selectOption({ label: 'ページビュー' });
    await admin.getByLabel('ページ（前方一致）').fill('/yahoo-ads');
    await admin.getByRole('button', { name: '絞り込む' }).click();
    await expect(list.getByRole('row').filter({ hasText: '/line-ads' })).toHaveCount(0);
    await expect(list.getByRole('row').filter({ hasText: '/yahoo-ads' }).first()).toBeVisible();

    expect(visitorProblems).toEqual([]);
    expect(adminProblems).toEqual([]);
  });

  test('a page left at once under the service worker still reports its view', async ({ browser }) => {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/line-official-account?from=first-visit');
    await visitor.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Left well before the quiet 5 s: the view is handed over as the page goes.
    await visitor.goto('/learn-with-video/line-official-account');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await visitor.goto('/lineyahoo-marketing-skill-badge');
    await visitor.context().close();

    const admin = await openAsAdmin(browser);
    const viewsOf = async (path: string) => {
      const response = await admin.request.get(`/api/v1/admin/analytics/events?kind=page_view&path=${encodeURIComponent(path)}`, { headers: XHR });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { items: { path: string }[] }).items.filter((item) => item.path === path).length;
    };
    await expect.poll(() => viewsOf('/learn-with-video/line-official-account')).toBe(1);
  });
});
