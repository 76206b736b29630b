import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, logInAtProvider, watchConsole, withSignedInHint } from './support';

/** Every API answer of 400 or more the page gets, as `401 GET /api/v1/me`. */
function watchFailedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && url.pathname.startsWith('/api/')) failed.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return failed;
}


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
    test(`${path}: the login prompt, after no call that answers 401, the session check included (no hint cookie: a visitor)`, async ({ page }) => {
      const problems = watchConsole(page);
      const failed = watchFailedCalls(page);
      await page.goto(path);
      await expect(page.getByRole('alertdialog', { name: 'ログインしてください' })).toBeVisible();
      expect(failed).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('a shared course list with a learner’s own filter shows a visitor the list without it, asking nothing that answers 401', async ({ page }) => {
    const problems = watchConsole(page);
    const failed = watchFailedCalls(page);
    await page.goto('/line-ads?notTaken=true');
    await expect(page.getByRole('region', { name: 'コース一覧' }).getByRole('article').first()).toBeVisible();
    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
  });

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
    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
  });
});

const COMMUNICATION_ERROR = 'エラーが発生しました。通信環境をご確認のうえ、再度実行してください。';
const COURSE = '/yahoo-ads/courses/yahoo-measurement-optimization';

/** The communication-error popup is up with the spec's text; OK closes it. */
async function expectCommunicationError(page: Page): Promise<void> {
  const popup = page.getByRole('alertdialog', { name: '通信エラー' });
  await expect(popup).toContainText(COMMUNICATION_ERROR);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

test.describe('errors in the spec’s Japanese', () => {
  test('a network failure has one popup, whether the API is out of reach or the browser is offline', async ({ page, context, baseURL }) => {
    await withSignedInHint(page, baseURL);
    await page.route('**/api/v1/me', (route) => route.abort('connectionfailed'));
    await page.goto('/');
    await expectCommunicationError(page);
    await page.unroute('**/api/v1/me');

    await page.goto('/yahoo-ads');
    await expect(page.getByRole('region', { name: 'コース一覧' }).getByRole('article').first()).toBeVisible();
    await context.setOffline(true);
    // The course page's data cannot come: the page's error, in the same words.
    await page.getByRole('region', { name: 'コース一覧' }).getByRole('article').first().getByRole('link').first().click();
    await expectCommunicationError(page);
    await context.setOffline(false);
  });

  test('a 500 shows the catalogue’s words, not the server’s', async ({ page }) => {
    await page.goto(COURSE);
    await page.getByRole('link', { name: 'ログイン', exact: true }).first().click();
    await logInAtProvider(page, 'learner');
    await expect(page.getByText('山田 太郎さん')).toBeVisible();
    await page.route('**/is-favorite', (route) => route.fulfill({ status: 500, json: { message: 'Internal', status: 500, code: 'INTERNAL_ERROR' } }));

    await page.getByRole('button', { name: /受講したいリスト(に追加|から外す)/ }).first().click();

    const popup = page.getByRole('alertdialog', { name: 'エラー' });
    await expect(popup).toContainText('エラーが発生しました。時間をおいて再度お試しください。');
    await expect(popup).not.toContainText('Internal');
  });

  test('offline, completing a lesson, the heart and 送信する each tell the learner the action did not happen', async ({ page, context }) => {
    await page.goto(COURSE);
    await page.getByRole('link', { name: 'ログイン', exact: true }).first().click();
    await logInAtProvider(page, 'learner');
    await expect(page.getByText('山田 太郎さん')).toBeVisible();
    const heart = page.getByRole('button', { name: /受講したいリスト(に追加|から外す)/ }).first();
    const before = await heart.getAttribute('aria-pressed');

    await context.setOffline(true);
    await heart.click();
    await expectCommunicationError(page);
    // Undone: the heart shows what the server still has.
    await expect(heart).toHaveAttribute('aria-pressed', before!);
    await context.setOffline(false);

    await page.getByRole('list', { name: /レッスン/ }).getByRole('link').first().click();
    const complete = page.getByRole('button', { name: 'このレッスンを完了する' });
    await expect(complete).toBeVisible();
    await context.setOffline(true);
    await complete.click();
    await expectCommunicationError(page);
    await expect(complete).toBeEnabled();

    const questionnaire = page.getByRole('region', { name: 'このレッスンは役に立ちましたか？' });
    await questionnaire.getByRole('button', { name: 'はい' }).click();
    await questionnaire.getByRole('button', { name: '送信する' }).click();
    await expectCommunicationError(page);
    await expect(questionnaire.getByRole('button', { name: '送信する' })).toBeEnabled();

    // Back online, the same button does it.
    await context.setOffline(false);
    await complete.click();
    await expect(complete).toBeHidden();
  });
});

test.describe('accessibility checks', () => {
  test('wait for a popup’s fade-in to end, however slowly it runs', async ({ page, baseURL }) => {
    await withSignedInHint(page, baseURL);
    // A loaded machine, exaggerated: every animation at a tenth of its speed (the 300 ms fade takes 3 s).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
    await page.route('**/api/v1/me', (route) => route.abort('connectionfailed'));
    await page.goto('/');
    const popup = page.getByRole('alertdialog', { name: '通信エラー' });
    await expect(popup).toBeVisible();
    expect(Number(await popup.evaluate((element) => getComputedStyle(element.closest('.popup-layer') ?? element).opacity))).toBeLessThan(1);

    await expectAccessible(page);
    expect(Number(await popup.evaluate((element) => getComputedStyle(element.closest('.popup-layer') ?? element).opacity))).toBe(1);
  });
});
