import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, watchConsole } from './support';

/** Where a short link of this site leads (its 302), or the URL itself when it is not one. */
async function resolveShortLink(page: Page, url: string): Promise<URL> {
  const reply = await page.request.get(url, { maxRedirects: 0 });
  return new URL(reply.status() === 302 ? reply.headers()['location']! : url);
}

test.describe('catalogue', () => {
  test('a visitor browses, filters and is asked to log in for the wish list; after login the toggle persists', async ({ page }) => {
    // A long journey with six accessibility checks (each several seconds under two campuses' load).
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /ピックアップ/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'マーケティングスキルバッジに挑戦しよう' })).toBeVisible();
    // Visitors have no history section.
    await expect(page.getByRole('heading', { name: '最近見たコース' })).toHaveCount(0);
    await expectAccessible(page);

    // Home → the LINE広告 landing page through one of its category links.
    await page.getByRole('list', { name: 'LINE広告のカテゴリー' }).getByRole('link', { name: 'ターゲティング' }).click();
    await expect(page).toHaveURL(/\/line-ads\?category=targeting$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('LINE広告');
    await expect(page.getByRole('checkbox', { name: 'ターゲティング' })).toBeChecked();

    // Filters live in the address: tick a level, and the list and the URL follow.
    await page.getByRole('checkbox', { name: 'ターゲティング' }).uncheck();
    await expect(page).toHaveURL(/\/line-ads$/);
    const cards = page.getByRole('region', { name: 'コース一覧' }).getByRole('article');
    await expect(cards).toHaveCount(4);
    await page.getByRole('checkbox', { name: '初級' }).check();
    await expect(page).toHaveURL(/\/line-ads\?level=BEGINNER$/);
    await expect(cards).toHaveCount(1);
    await page.getByRole('checkbox', { name: '中級' }).check();
    await expect(page).toHaveURL(/level=BEGINNER,INTERMEDIATE/);
    // The address changes before the new list arrives: wait for it rather than count the old one.
    await expect.poll(() => cards.count()).toBeGreaterThan(1);
    const filtered = await cards.count();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: '初級' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '中級' })).toBeChecked();
    await expect(cards).toHaveCount(filtered);
    // A page number that is not a number is page 1.
    await page.goto('/line-ads?level=BEGINNER&page=abc');
    await expect(cards).toHaveCount(1);
    await expectAccessible(page);

    // → the course page, with its lessons.
    await cards.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/line-ads\/courses\/line-ads-basics$/);
    await expect(page.getByRole('heading', { name: 'レッスン一覧' })).toBeVisible();
    await expect(page.getByRole('list', { name: /レッスン/ }).getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page);

    // The wish list asks a visitor to log in …
    await page.getByRole('button', { name: '受講したいリストに追加' }).click();
    const popup = page.getByRole('alertdialog', { name: 'ログインが必要です' });
    await expect(popup).toContainText('受講したいリスト');
    await popup.getByRole('button', { name: 'ログイン' }).click();
    await page.getByRole('button', { name: '山田 太郎でログイン' }).click();
    await expect(page).toHaveURL(/\/line-ads\/courses\/line-ads-basics$/);
    await expect(page.getByText('山田 太郎さん')).toBeVisible();

    // … and after login the toggle is saved and survives a reload.
    const toggle = page.getByRole('button', { name: /受講したいリスト(に追加|から外す)/ });
    if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveAccessibleName('受講したいリストから外す');
    await page.reload();
    await expect(page.getByRole('button', { name: '受講したいリストから外す' })).toHaveAttribute('aria-pressed', 'true');

    // The wish list and the history pages show the course.
    await page.goto('/mypage/wishlist');
    await expect(page.getByRole('heading', { level: 1, name: '受講したいリスト' })).toBeVisible();
    await expect(page.locator('a[href="/line-ads/courses/line-ads-basics"]').first()).toBeVisible();
    await expectAccessible(page);
    await page.goto('/mypage/history');
    await expect(page.getByRole('heading', { level: 1, name: '受講履歴' })).toBeVisible();
    await expect(page.locator('a[href="/line-ads/courses/line-ads-basics"]').first()).toBeVisible();
    await expect(page.getByText(/最終閲覧日 \d{4}年\d{1,2}月\d{1,2}日/).first()).toBeVisible();
    await expectAccessible(page);

    // The learner's own filters appear once logged in.
    await page.goto('/line-ads?isFavorite=true');
    await expect(page.getByRole('checkbox', { name: '受講したいリストのみ' })).toBeChecked();
    await expect(cards).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test('the share menu opens 626×436 SNS windows and copies a short link with its UTM marks', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // No internet here: the SNS pages answer from the test.
    await context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|x\.com)\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>SNS</title>' }));
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      (window as unknown as { openedWith: unknown[] }).openedWith = [];
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as unknown as { openedWith: unknown[] }).openedWith.push(args[2]);
        return open(...args);
      };
    });
    await page.goto('/yahoo-ads/courses/yahoo-search-ads-basics');
    const pageUrl = page.url();

    for (const [network, medium, host] of [
      ['Facebook', 'fb', 'www.facebook.com'],
      ['X', 'tw', 'twitter.com'],
    ] as const) {
      await page.getByRole('button', { name: 'シェア' }).click();
      const menu = page.getByRole('dialog', { name: 'このページをシェア' });
      const [snsWindow] = await Promise.all([page.waitForEvent('popup'), menu.getByRole('button', { name: network }).click()]);
      await snsWindow.waitForURL((url) => url.host === host);
      const sharedUrl = new URL(snsWindow.url()).searchParams.get(network === 'Facebook' ? 'u' : 'url')!;
      const target = await resolveShortLink(page, sharedUrl);
      expect(`${target.origin}${target.pathname}`).toBe(pageUrl);
      expect(target.searchParams.get('utm_source')).toBe('shared_sns');
      expect(target.searchParams.get('utm_medium')).toBe(medium);
      await snsWindow.close();
    }
    const features = await page.evaluate(() => (window as unknown as { openedWith: string[] }).openedWith);
    expect(features).toHaveLength(2);
    for (const feature of features) expect(feature).toMatch(/width=626.*height=436/);

    await page.getByRole('button', { name: 'シェア' }).click();
    await page.getByRole('dialog', { name: 'このページをシェア' }).getByRole('button', { name: 'リンクをコピー' }).click();
    await expect(page.getByText('リンクをコピーしました。')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
    const target = await resolveShortLink(page, copied);
    expect(target.searchParams.get('utm_source')).toBe('shared');
    expect(target.searchParams.get('utm_medium')).toBe('link');
  });

  test('a failed shortening shares the original address', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.route('**/api/v1/shorten-url', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","status":500,"code":"INTERNAL_ERROR"}' }));
    await page.goto('/line-official-account/courses/oa-getting-started');
    await page.getByRole('button', { name: 'シェア' }).click();
    await page.getByRole('dialog', { name: 'このページをシェア' }).getByRole('button', { name: 'リンクをコピー' }).click();
    await expect(page.getByText('リンクをコピーしました。')).toBeVisible();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.pathname).toBe('/line-official-account/courses/oa-getting-started');
    expect(copied.searchParams.get('utm_medium')).toBe('link');
    // No error popup for a fallback the learner does not need to know about.
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('the badge landing lists the eight courses; an Advanced course links to its Basic course', async ({ page }) => {
    await page.goto('/lineyahoo-marketing-skill-badge');
    await expect(page.getByText('未取得').first()).toBeVisible();
    const courseLinks = page.locator('a[href^="/lineyahoo-marketing-skill-badge/courses/"]');
    await expect(courseLinks.first()).toBeVisible();
    const courses = await courseLinks.evaluateAll((links) => new Set(links.map((link) => link.getAttribute('href')?.replace(/\/$/, ''))).size);
    expect(courses).toBe(8);
    // Each course shows its badge artwork, served by the app (a visitor holds none: all locked).
    const badges = page.getByRole('img', { name: /スキルバッジ（未取得）$/ });
    await expect(badges).toHaveCount(8);
    await expect.poll(() => badges.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length)).toBe(8);
    await expectAccessible(page);
    await page.goto('/lineyahoo-marketing-skill-badge/courses/line-ads-advanced');
    await page.getByRole('link', { name: 'Basicコースを見る' }).click();
    await expect(page).toHaveURL(/\/lineyahoo-marketing-skill-badge\/courses\/line-ads-basic\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('LINE広告');
    await expectAccessible(page);
  });

  test('course cards lead with their thumbnail: the first one eager, the format the browser takes best, no layout shift', async ({ page }) => {
    await page.goto('/line-ads');
    const images = page.getByRole('region', { name: 'コース一覧' }).locator('article picture img');
    await expect(images).toHaveCount(4);
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    // Chromium takes the AVIF source, and the picture arrives.
    await expect.poll(() => images.first().evaluate((image) => (image as HTMLImageElement).currentSrc)).toMatch(/\/course-images\/learning-[a-z0-9-]+-(320|640)\.avif$/);
    await expect.poll(() => images.first().evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // The box had its 16:9 size before the file came (width/height attributes).
    const box = await images.first().boundingBox();
    expect(Math.abs(box!.width / box!.height - 16 / 9)).toBeLessThan(0.02);
  });

  test('the learn-with-video landing lists the program’s video courses', async ({ page }) => {
    await page.goto('/learn-with-video/yahoo-ads');
    const links = page.locator('a[href^="/learn-with-video/yahoo-ads/courses/"]');
    await expect(links.first()).toBeVisible();
    await links.first().click();
    await expect(page.getByRole('heading', { name: 'レッスン一覧' })).toBeVisible();
    await expectAccessible(page);
  });
});
