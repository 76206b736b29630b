import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openLoggedIn, watchConsole } from './support';

const COURSE = 'LINE広告 Basic';

/** At a phone's width (390 px) the page does not scroll sideways (wide tables scroll in their own region). */
async function fitsPhone(page: Page): Promise<void> {
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(wide);
}

test.describe('content studio: the question bank', () => {
  test('an admin writes and publishes a question, finds it in the bank, and a second admin saving an older version is told and shown the newer one', async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await openLoggedIn(browser, 'admin', '管理 花子');
    const problems = watchConsole(admin);
    const tag = Date.now().toString(36);
    const prompt = `E2E ${tag}: 配信の効果を確かめる指標として正しいものはどれか。`;

    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: '運営コンソール' }).getByRole('link', { name: '問題バンク' }).click();
    await expect(admin.getByRole('heading', { name: '問題バンク', level: 1 })).toBeVisible();
    await expect(admin.getByRole('list', { name: '認定コース' }).getByRole('listitem').filter({ has: admin.getByRole('link') })).toHaveCount(8);
    await expectAccessible(admin);
    await admin.getByRole('link', { name: COURSE, exact: true }).click();
    await expect(admin.getByRole('heading', { name: '問題の一覧', level: 1 })).toBeVisible();
    await expect(admin.getByText(/^\d+ 問$/)).toBeVisible();
    await expectAccessible(admin);
    await fitsPhone(admin);

    // A new question: refused while a choice is empty (the field named), then written and published.
    await admin.getByRole('link', { name: '新しい問題' }).click();
    await expect(admin.getByRole('heading', { name: '新しい問題', level: 1 })).toBeVisible();
    await admin.getByLabel(/^問題文/).fill(prompt);
    await admin.getByRole('textbox', { name: '選択肢 1', exact: true }).fill('友だち追加数の推移');
    await admin.getByRole('textbox', { name: '選択肢 2', exact: true }).fill('管理画面のログイン回数');
    await admin.getByRole('button', { name: '公開する' }).click();
    await expect(admin.getByRole('textbox', { name: '選択肢 3', exact: true })).toHaveAccessibleDescription('選択肢を入力してください');
    await admin.getByRole('textbox', { name: '選択肢 3', exact: true }).fill('担当者の人数');
    await admin.getByRole('button', { name: '選択肢を追加' }).click();
    await admin.getByRole('textbox', { name: '選択肢 4', exact: true }).fill('削除される選択肢');
    await admin.getByRole('button', { name: '選択肢 4を削除' }).click();
    await expect(admin.getByRole('textbox', { name: '選択肢 4', exact: true })).toHaveCount(0);
    await admin.getByLabel(/^解説/).fill('友だち追加数の推移は配信の効果を見る基本の指標です。');
    await admin.getByLabel('難易度').selectOption('easy');
    await admin.getByRole('button', { name: '公開する' }).click();
    await expect(admin.getByRole('heading', { name: '問題の編集', level: 1 })).toBeVisible();
    await expect(admin.getByText('公開しました。次の試験から出題されます。')).toBeVisible();
    await expect(admin.getByText(/第 2 版（公開中）・公開中は第 2 版/)).toBeVisible();
    const history = admin.getByRole('list', { name: '版の履歴（新しい順）' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(admin);
    await fitsPhone(admin);
    const editAddress = admin.url();

    // In the list, found by its words, published.
    await admin.getByRole('link', { name: /の問題一覧へ$/ }).click();
    await admin.getByLabel('キーワード（問題文・ID）').fill(`E2E ${tag}`);
    await expect(admin.getByText('1 問', { exact: true })).toBeVisible();
    const item = admin.getByRole('list', { name: '問題' }).getByRole('listitem');
    await expect(item.getByRole('link', { name: prompt })).toBeVisible();
    await expect(item.getByText('公開中', { exact: true })).toBeVisible();

    // Two admins open the same version; the first saves, the second's save is refused with the first's text shown.
    const second = await openLoggedIn(browser, 'admin', '管理 花子');
    await second.goto(editAddress);
    await expect(second.getByLabel(/^問題文/)).toHaveValue(prompt);
    await admin.goto(editAddress);
    await admin.getByLabel(/^問題文/).fill(`${prompt}（一人目が直した）`);
    await admin.getByRole('button', { name: '下書き保存' }).click();
    await expect(admin.getByText('第 3 版を下書きとして保存しました。')).toBeVisible();

    await second.getByLabel(/^問題文/).fill(`${prompt}（二人目が直した）`);
    await second.getByRole('button', { name: '下書き保存' }).click();
    const conflict = second.getByRole('alert').filter({ hasText: '他の管理者が先に更新しました' });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByText(`${prompt}（一人目が直した）`)).toBeVisible();
    await expectAccessible(second);
    await fitsPhone(second);
    await conflict.getByRole('button', { name: '最新の版を読み込む' }).click();
    await expect(second.getByLabel(/^問題文/)).toHaveValue(`${prompt}（一人目が直した）`);
    await expect(second.getByText('第 3 版を読み込みました。')).toBeVisible();

    // The blueprint shows each topic's published count; the sample exam draws as a learner sees it.
    await admin.goto(editAddress.replace(/\/edit\/.+$/, '/blueprint'));
    await expect(admin.getByRole('heading', { name: '出題設計', level: 1 })).toBeVisible();
    await expect(admin.getByRole('region', { name: '分野ごとの出題数' })).toBeVisible();
    await expectAccessible(admin);
    await fitsPhone(admin);
    await admin.goto(editAddress.replace(/\/edit\/.+$/, '/preview'));
    await expect(admin.getByRole('heading', { name: /^問1/ })).toBeVisible();
    await admin.getByRole('button', { name: '正解と解説を表示' }).click();
    await expect(admin.getByText(/^正解: /)).toBeVisible();
    await expectAccessible(admin);
    await fitsPhone(admin);
    expect(problems.filter((problem) => !problem.includes('409') && !problem.includes('400'))).toEqual([]);
  });
});
