import { expect, test, type Locator, type Page } from '@playwright/test';
import { passExamToCertificate } from './pass-exam';
import { appShown, openLoggedIn, withSignedInHint } from './support';

/**
 * Layout measured in the browser (issue 32 §4 and §9): boxes, line boxes and edges at phone and
 * desktop widths, where a screenshot would only show that something moved.
 */

const PHONE_WIDTHS = [360, 390, 430] as const;
/** One row of 44 px controls, its padding and the border: two rows were 95 px. */
const HEADER_MAX_HEIGHT = 64;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The header's height, whether its parts share one row, and its right-most edge. */
function headerLayout(page: Page) {
  return page.locator('header.site-header').evaluate((header) => {
    const parts = ['.site-name', '.site-nav', '.account-area', '.menu-button']
      .map((selector) => header.querySelector(selector))
      .filter((part) => part !== null)
      .map((part) => part.getBoundingClientRect());
    return {
      height: header.getBoundingClientRect().height,
      parts: parts.length,
      oneRow: Math.max(...parts.map((box) => box.top)) < Math.min(...parts.map((box) => box.bottom)),
      right: Math.max(...parts.map((box) => box.right)),
    };
  });
}

async function expectOneRowHeader(page: Page, width: number, who: string): Promise<void> {
  const layout = await headerLayout(page);
  const where = `${who} on ${new URL(page.url()).pathname} at ${width}px`;
  // Logo, account corner and メニュー (or the desktop navigation) are all there, side by side.
  expect(layout.parts, where).toBe(3);
  expect(layout.oneRow, where).toBe(true);
  expect(layout.height, where).toBeLessThanOrEqual(HEADER_MAX_HEIGHT);
  expect(layout.right, where).toBeLessThanOrEqual(width);
}

/**
 * The distinct line boxes the text `word` takes inside `element` (1 when it is not broken). The text
 * may run across several text nodes (phrases separated by <wbr>).
 */
function linesOf(element: Locator, word: string): Promise<number> {
  return element.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: { node: Text; start: number }[] = [];
    let all = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node: node as Text, start: all.length });
      all += node.textContent ?? '';
    }
    const begin = all.indexOf(text);
    if (begin < 0) throw new Error(`「${text}」 not in 「${all}」`);
    const end = begin + text.length;
    const at = (offset: number, isEnd: boolean) => {
      const found = nodes.findLast(({ node, start }) => (isEnd ? start < offset : start <= offset) && start + (node.textContent?.length ?? 0) >= offset)!;
      return [found.node, offset - found.start] as const;
    };
    const range = document.createRange();
    range.setStart(...at(begin, false));
    range.setEnd(...at(end, true));
    const tops = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
    return tops.size;
  }, word);
}

test.describe('the header on a phone takes one row', () => {
  test('for a visitor, on a plain page and on a wide (lesson) page, at 360, 390 and 430 px, and at 1280 px', async ({ page }) => {
    for (const path of ['/', '/line-ads/courses/line-ads-basics/lessons/account-structure']) {
      for (const width of [...PHONE_WIDTHS, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン', exact: true })).toBeVisible();
        await expectOneRowHeader(page, width, 'a visitor');
      }
    }
  });

  test('a session that could not be checked: its message and 再試行 stay inside a 360 px window', async ({ page, baseURL }) => {
    await withSignedInHint(page, baseURL);
    await page.route('**/api/v1/me', (route) => route.abort('connectionfailed'));
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    const retry = page.getByRole('banner').getByRole('button', { name: '再試行' });
    await expect(retry).toBeVisible();
    const box = (await retry.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  for (const [login, name, path] of [
    ['learner', '山田 太郎', '/mypage/profile'],
    ['admin', '管理 花子', '/admin/credentials'],
  ] as const) {
    test(`for ${login === 'admin' ? 'the admin' : 'a learner'} at 360, 390 and 430 px, and at 1280 px`, async ({ browser }) => {
      const page = await openLoggedIn(browser, login, name);
      for (const at of ['/', path]) {
        for (const width of [...PHONE_WIDTHS, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(at);
          await expect(page.getByRole('link', { name: `マイページ（${name}さん）` })).toBeVisible();
          await expectOneRowHeader(page, width, login);
        }
      }
      await page.context().close();
    });
  }
});

test.describe('the header at 1280 and 390 px', () => {
  // A lesson's reading column is centred under the header, so only the pages whose content starts at its left edge count.
  test('the logo starts where the content starts, on the wide header of mypage as on the others', async ({ browser }) => {
    const page = await openLoggedIn(browser, 'learner', '山田 太郎');
    for (const path of ['/', '/line-ads', '/mypage/profile', '/mypage/history']) {
      for (const width of [1280, 1600, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await appShown(page);
        const heading = page.locator('main h1').first();
        await expect(heading).toBeVisible();
        const logo = await page.locator('.site-name').boundingBox();
        const content = await heading.boundingBox();
        expect(Math.abs(logo!.x - content!.x), `${path} at ${width}px: logo at ${logo!.x}px, content at ${content!.x}px`).toBeLessThanOrEqual(1);
      }
    }
    await page.context().close();
  });

  test('ヘルプ leaves the campus: an external-link icon named （外部サイト）, in the desktop menu and in the phone menu', async ({ page }) => {
    const expectExternalIcon = async (help: Locator) => {
      await expect(help).toHaveAccessibleName('ヘルプ（外部サイト）（新しいタブで開きます）');
      const icon = help.getByRole('img', { name: '（外部サイト）' });
      await expect(icon).toBeVisible();
      // A drawn icon (an arrow out of a box), not two borders of an empty box (「┐」).
      expect(await icon.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
      expect(await icon.locator('path').count()).toBeGreaterThanOrEqual(1);
      const box = (await icon.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(12);
      expect(box.height).toBeGreaterThanOrEqual(12);
    };
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expectExternalIcon(page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: /^ヘルプ/ }));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'メニュー' }).click();
    await expectExternalIcon(page.getByRole('dialog', { name: 'メニュー' }).getByRole('link', { name: /^ヘルプ/ }));
  });
});

test('the history’s four course-type tabs fit a 360 px phone whole; at 320 px the row scrolls instead of the page', async ({ browser }) => {
  const page = await openLoggedIn(browser, 'learner', '山田 太郎');
  const row = page.getByRole('navigation', { name: 'コースの種類' }).getByRole('list');
  for (const [width, scrolls] of [[390, false], [360, false], [320, true]] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/mypage/history');
    await expect(row.getByRole('link')).toHaveCount(4);
    const { rowScrolls, pageScrolls } = await row.evaluate((list) => ({
      rowScrolls: list.scrollWidth > list.clientWidth,
      pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
    }));
    expect({ width, rowScrolls, pageScrolls }).toEqual({ width, rowScrolls: scrolls, pageScrolls: false });
  }
  await page.context().close();
});

test('a new certificate’s page, the badge shelf and the admin’s credential list fit a phone (390 px) and a desktop (1280 px)', async ({ browser }) => {
  test.setTimeout(300_000);
  const tag = `layout-${Date.now().toString(36)}`;
  const learner = await openLoggedIn(browser, `learner-new+${tag}`, '新規 さくら');
  const email = `learner-new+${tag}@example.com`;
  const profile = { lastName: '配置', firstName: '確認', lastNameKana: 'ハイチ', firstNameKana: 'カクニン', email };
  expect((await learner.request.put('/api/v1/me', { headers: XHR, data: profile })).status()).toBe(200);
  const { slug } = await passExamToCertificate(learner, 'line-ads-basic', `learner-new+${tag}`);

  // The certificate page: the credential's two download buttons (signed a few seconds after the certificate).
  const credential = learner.getByRole('link', { name: 'デジタル認定証（Open Badges）をダウンロード' });
  const badgeImage = learner.getByRole('link', { name: 'デジタル認定証入りのバッジ画像（PNG）をダウンロード' });
  await expect(async () => {
    await learner.reload();
    await expect(credential).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  for (const width of [390, 1280]) {
    await learner.setViewportSize({ width, height: 844 });
    const first = (await credential.boundingBox())!;
    const second = (await badgeImage.boundingBox())!;
    const stacked = second.y >= first.y + first.height - 1;
    const gap = stacked ? second.y - (first.y + first.height) : second.x - (first.x + first.width);
    expect.soft(gap, `the gap between the two download buttons at ${width}px`).toBeGreaterThanOrEqual(8);
    for (const button of [credential, badgeImage]) {
      expect.soft(await linesOf(button, 'ダウンロード'), `「ダウンロード」 in one piece at ${width}px`).toBe(1);
    }
  }

  // The badge shelf: the tile uses the phone's width; the expiry date is never broken (「日」 alone).
  await learner.goto('/mypage/profile');
  const shelf = learner.getByRole('list', { name: '有効なバッジ' });
  const tile = shelf.getByRole('listitem');
  await expect(tile).toHaveCount(1);
  const expiry = tile.locator('.badge-tile__expiry');
  const date = (await expiry.locator('time').textContent())!;
  expect(date).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
  for (const width of [390, 1280]) {
    await learner.setViewportSize({ width, height: 844 });
    expect.soft(await linesOf(expiry, date), `the expiry date in one piece at ${width}px`).toBe(1);
  }
  await learner.setViewportSize({ width: 390, height: 844 });
  const shelfBox = (await shelf.boundingBox())!;
  const tileBox = (await tile.boundingBox())!;
  expect.soft(tileBox.width, 'the only tile spans the shelf on a phone').toBeGreaterThanOrEqual(shelfBox.width * 0.9);
  await learner.context().close();

  // The admin's list on a phone: one card per credential, nothing to scroll sideways, every action in view.
  const admin = await openLoggedIn(browser, 'admin', '管理 花子');
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 844 });
    await admin.goto(`/admin/credentials?q=${encodeURIComponent(email)}`);
    const region = admin.getByRole('region', { name: 'デジタル認定証の一覧の表' });
    const row = region.getByRole('row').filter({ hasText: slug });
    await expect(row).toBeVisible();
    const revoke = row.getByRole('button', { name: `${slug} を取り消す` });
    const revokeBox = (await revoke.boundingBox())!;
    expect.soft(revokeBox.x + revokeBox.width, `取り消す in view at ${width}px`).toBeLessThanOrEqual(width);
    const sideways = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect.soft(sideways, `nothing to scroll sideways at ${width}px`).toBeLessThanOrEqual(0);
    // The caption and the words that must not break: the certificate number and the expiry date.
    expect.soft(await linesOf(region.locator('caption'), 'デジタル認定証の一覧'), `the caption at ${width}px`).toBe(1);
    expect.soft(await linesOf(row, slug), `the certificate number at ${width}px`).toBe(1);
    const validUntil = (await row.locator('time').textContent())!;
    expect.soft(await linesOf(row, validUntil), `the expiry date at ${width}px`).toBe(1);
    const mail = row.getByText(email, { exact: true });
    // On a phone the card gives the address the whole line; the desktop table may wrap it once.
    expect.soft(await linesOf(mail, email), `the e-mail's lines at ${width}px`).toBeLessThanOrEqual(width < 600 ? 1 : 2);
    // A card names each value (the table's column headers do that on a desktop).
    const label = row.getByText('学習者', { exact: true });
    if (width < 600) await expect.soft(label).toBeVisible();
    else await expect.soft(label).toBeHidden();
  }
  await admin.context().close();
});
