import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { correctAnswersOfRunningExam } from './exam-database';
import { expectAccessible, logInNewLearner, watchConsole } from './support';

const COURSE = 'yahoo-ads-displayads-basic';
const COURSE_PATH = `/lineyahoo-marketing-skill-badge/courses/${COURSE}/`;
const POLICY_PATH = `${COURSE_PATH}exam-policy`;

/**
 * The whole first visit of a new learner, through the screens only: log in, accept the agreements,
 * be asked for a profile by the exam, register it (a name the certificate font cannot print is
 * refused first), come back, take and pass the exam, and find the registered name on the PDF.
 */
test('a new learner registers a profile from the exam prompt, passes, and the certificate carries the registered name', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  // A brand-new learner of the dev provider (learner-new itself may have been through this already).
  const tag = `first-exam-${Date.now().toString(36)}`;

  await logInNewLearner(page, tag);

  // The exam asks for a profile first.
  await page.goto(COURSE_PATH);
  await page.getByRole('link', { name: '受験する', exact: true }).click();
  await expect(page).toHaveURL(POLICY_PATH);
  await page.getByRole('checkbox', { name: '受験規約に同意する' }).check();
  await page.getByRole('button', { name: '受験を開始する' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'プロフィールを登録してください' });
  await prompt.getByRole('button', { name: '登録する' }).click();

  // The form starts from the provider's names and e-mail.
  await expect(page).toHaveURL(/\/mypage\/profile\/edit\?returnTo=/);
  await expect(page.getByRole('heading', { level: 1, name: 'プロフィールの登録' })).toBeVisible();
  const lastName = page.getByRole('textbox', { name: /^姓/ });
  const firstName = page.getByRole('textbox', { name: /^名/ });
  await expect(lastName).toHaveValue('新規');
  await expect(firstName).toHaveValue('さくら');
  await expect(page.getByRole('textbox', { name: /^メールアドレス/ })).toHaveValue(`learner-new+${tag}@example.com`);

  // A name the certificate font cannot print is named as the learner types, and refused on save.
  await firstName.fill('咲良😀');
  await page.getByRole('textbox', { name: /^セイ/ }).fill('シンキ');
  await page.getByRole('textbox', { name: /^メイ/ }).fill('サクラ');
  const unprintable = page.getByText('証明書に印字できない文字が含まれています（「😀」）。別の字体や表記でご入力ください');
  await expect(unprintable).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(firstName).toBeFocused();
  await expect(page).toHaveURL(/\/mypage\/profile\/edit/);

  await firstName.fill('咲良');
  await expect(unprintable).toBeHidden();
  await expect(page.getByText('新規 咲良', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '保存する' }).click();

  // Back where the prompt was, with the header already knowing the new name (no reload).
  await expect(page).toHaveURL(POLICY_PATH);
  await expect(page.getByText('新規 咲良さん')).toBeVisible();
  await page.getByRole('checkbox', { name: '受験規約に同意する' }).check();
  await page.getByRole('button', { name: '受験を開始する' }).click();
  await expect(page).toHaveURL(new RegExp(`${COURSE}/exam$`));

  const questions = await correctAnswersOfRunningExam(COURSE, `demo-learner-new+${tag}`);
  for (const [index, question] of questions.entries()) {
    if (index > 0) await page.getByRole('button', { name: `問${index + 1}（未回答）` }).click();
    const group = page.getByRole('group', { name: question.prompt });
    for (const text of question.correct) await group.getByText(text, { exact: true }).click();
  }
  await expect(page.getByText(`回答済み ${questions.length} / ${questions.length}問`)).toBeVisible();
  await page.getByRole('button', { name: '解答を送信する' }).click();
  await page.getByRole('region', { name: '解答を送信しますか？' }).getByRole('button', { name: '送信する' }).click();
  await expect(page.getByRole('heading', { name: '合格', exact: true })).toBeVisible({ timeout: 60_000 });

  // The profile shows what was registered and the new badge.
  await page.goto('/mypage/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'プロフィール' })).toBeVisible();
  await expect(page.getByText('シンキ サクラ')).toBeVisible();
  await expect(page.getByRole('list', { name: '有効なバッジ' })).toContainText('有効');
  await expect(page.getByRole('img', { name: 'Yahoo!広告 ディスプレイ広告 Basic スキルバッジ' })).toBeVisible();
  await expectAccessible(page);

  // The worker issues the certificate shortly after the grade; its PDF prints the registered name.
  await page.getByRole('link', { name: '認定証', exact: true }).click();
  await expect(page).toHaveURL('/mypage/certificates');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Yahoo!広告 ディスプレイ広告 Basic', exact: true }) });
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: '認定証PDFをダウンロード' }).click()]);
  const folder = mkdtempSync(path.join(tmpdir(), 'campus-e2e-new-learner-'));
  try {
    const file = path.join(folder, download.suggestedFilename());
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('新規 咲良');
    expect(text).not.toContain('さくら');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  expect(problems).toEqual([]);
});
