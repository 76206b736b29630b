import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './support';

/** Every API answer of 400 or more the page gets, as `401 GET /api/v1/me`. */
function watchFailedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && url.pathname.startsWith('/api/')) failed.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return failed;
}

/** The session check at start: a visitor's one call that answers 401 (spec §7: GET /me, 401 handled by the caller). */
const VISITOR_CHECK = '401 GET /api/v1/me';

const BADGE_COURSE = '/lineyahoo-marketing-skill-badge/courses/line-ads-basic';

test.describe('a visitor’s calls', () => {
  for (const path of [
    '/mypage/profile',
    '/mypage/history',
    '/mypage/wishlist',
    '/mypage/certificates',
    '/mypage/certificates/abc123',
    '/notifications/personal',
    `${BADGE_COURSE}/exam-policy`,
    `${BADGE_COURSE}/exam`,
    `${BADGE_COURSE}/exam-result`,
    '/admin/events',
  ]) {
    test(`${path}: the login prompt, after no call that answers 401 but the session check`, async ({ page }) => {
      const problems = watchConsole(page);
      const failed = watchFailedCalls(page);
      await page.goto(path);
      await expect(page.getByRole('alertdialog', { name: 'ログインしてください' })).toBeVisible();
      expect(failed).toEqual([VISITOR_CHECK]);
      expect(problems).toEqual([]);
    });
  }

  test('a seminar’s course and lesson pages ask the seminar endpoints only: no learning-course 404', async ({ page }) => {
    const problems = watchConsole(page);
    const failed = watchFailedCalls(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/api\/v1\/(learning|seminar)-courses\//.test(pathname)) asked.push(pathname);
    });

    // Straight to the address (a shared link): nothing kept from a service page.
    await page.goto('/line-official-account/courses/oa-store-use-seminar');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('list', { name: /レッスン/ }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/lessons\/oa-store-use-seminar$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    expect(asked.filter((pathname) => pathname.includes('/learning-courses/'))).toEqual([]);
    expect(failed).toEqual([VISITOR_CHECK, VISITOR_CHECK]);
    expect(problems).toEqual([]);
  });
});
