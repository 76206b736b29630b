import { expect, test } from '@playwright/test';
import { expectAccessible, logInAtProvider, watchConsole } from './support';

/** The texts a learner is asked to accept (issue 18 §2). */

const DIALOG = '利用規約とプライバシーポリシーへの同意';

test('a visitor reads the terms and the privacy policy from the footer, with their version', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: '規約とポリシー' }).getByRole('link', { name: '利用規約' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible();
  await expect(page.getByText('版：2026-04-01')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '第1条（適用）' })).toBeVisible();
  await expect(page).toHaveTitle('利用規約 - マーケティング学習キャンパス');
  await expectAccessible(page);

  await page.getByRole('navigation', { name: '規約とポリシー' }).getByRole('link', { name: 'プライバシーポリシー' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1. 取得する情報' })).toBeVisible();
  await expect(page).toHaveTitle('プライバシーポリシー - マーケティング学習キャンパス');
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('the agreement dialog opens each text in a new tab, and stays unanswered in the first tab', async ({ page, context, baseURL }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'ログイン', exact: true }).click();
  // A learner of its own, new to the campus whatever ran before (the dev IdP's learner-new+<tag>).
  await logInAtProvider(page, `learner-new+terms${Date.now().toString(36)}`);
  const dialog = page.getByRole('alertdialog', { name: DIALOG });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('利用規約とプライバシーポリシーをお読みください');

  for (const [name, path, heading, section] of [
    ['利用規約', '/terms', '利用規約', '第5条（認定試験とスキルバッジ）'],
    ['プライバシーポリシー', '/privacy', 'プライバシーポリシー', '2. 利用目的'],
  ] as const) {
    const opened = context.waitForEvent('page');
    await dialog.getByRole('link', { name }).click();
    const tab = await opened;
    await expect(tab).toHaveURL(`${baseURL}${path}`);
    await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(tab.getByRole('heading', { level: 2, name: section })).toBeVisible();
    // Logged in there too (the header says so): the text is for reading, no dialog covers it.
    await expect(tab.getByText('新規 さくらさん')).toBeVisible();
    await expect(tab.getByRole('alertdialog')).toHaveCount(0);
    await tab.close();

    // The first tab did not move, and the dialog still waits for an answer.
    expect(page.url()).toBe(`${baseURL}/`);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '同意する' })).toBeEnabled();
  }
  await expectAccessible(page);
});
