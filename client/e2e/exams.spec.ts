import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { correctAnswersOfRunningExam, savedAnswers, setExamMinutes } from './exam-database';
import { expectAccessible, logInAtProvider, watchConsole } from './support';

const BADGE = '/lineyahoo-marketing-skill-badge/courses';

/** Chromium reports refused requests while the context is offline; those are the point of that step. */
const isOfflineNoise = (problem: string) => problem.includes('ERR_INTERNET_DISCONNECTED') || problem.includes('Failed to fetch');

const logInAsDemoLearner = async (page: Page) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'ログイン', exact: true }).first().click();
  await logInAtProvider(page, 'learner');
  await expect(page.getByText('山田 太郎さん')).toBeVisible();
};

/** From the policy page: agree to the rules and start; the exam page opens. */
const startExam = async (page: Page, courseSlug: string) => {
  await page.goto(`${BADGE}/${courseSlug}/exam-policy`);
  await page.getByRole('checkbox', { name: '受験規約に同意する' }).check();
  await page.getByRole('button', { name: '受験を開始する' }).click();
  await expect(page).toHaveURL(new RegExp(`${courseSlug}/exam$`));
  await expect(page.getByRole('timer', { name: '残り時間' })).toBeVisible();
};

/** Seconds left on the exam page's countdown (mm:ss). */
const secondsLeft = async (page: Page) => {
  const [minutes, seconds] = (await page.getByRole('timer', { name: '残り時間' }).innerText()).trim().split(':').map(Number);
  return minutes! * 60 + seconds!;
};

const saveState = (page: Page) => page.getByRole('status', { name: '保存状態' });

/** Chooses the correct choices of the question on screen, then moves on. */
async function answerCorrectly(page: Page, question: { prompt: string; correct: string[] }) {
  const group = page.getByRole('group', { name: question.prompt });
  for (const text of question.correct) {
    await group.getByText(text, { exact: true }).click();
  }
}

test.describe.serial('certification exam in the browser', () => {
  test.beforeEach(async ({ page }) => {
    await logInAsDemoLearner(page);
  });

  test('Advanced without Basic shows 受験できません, and Basicへ leads to the Basic course', async ({ page }) => {
    await page.goto(`${BADGE}/line-ads-advanced/exam-policy`);
    await page.getByRole('checkbox', { name: '受験規約に同意する' }).check();
    await page.getByRole('button', { name: '受験を開始する' }).click();
    const popup = page.getByRole('alertdialog', { name: '受験できません' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Basic');
    await expectAccessible(page);
    await popup.getByRole('button', { name: 'Basicへ' }).click();
    await expect(page).toHaveURL(`${BADGE}/line-ads-basic/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('LINE広告 Basic');
  });

  test('passes Basic: answers survive a reload and going offline, the result shows the pass, the certificate PDF carries the name', async ({ page, context }) => {
    test.setTimeout(180_000);
    const problems = watchConsole(page);
    await startExam(page, 'line-ads-basic');
    const questions = await correctAnswersOfRunningExam('line-ads-basic');
    const half = Math.floor(questions.length / 2);

    for (const [index, question] of questions.slice(0, half).entries()) {
      await expect(page.getByRole('heading', { name: new RegExp(`^問${index + 1}`) })).toBeVisible();
      await answerCorrectly(page, question);
      await page.getByRole('button', { name: '次の問題' }).click();
    }
    await expect(saveState(page)).toHaveText('保存済み');
    await expectAccessible(page);

    // Reload mid-exam: the answers and the remaining time are the server's, not reset.
    const before = await secondsLeft(page);
    await page.reload();
    await expect(page.getByText(`回答済み ${half} / ${questions.length}問`)).toBeVisible();
    const after = await secondsLeft(page);
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 30);

    // Offline: the answer waits in the local queue and is sent when the connection is back.
    await page.getByRole('button', { name: `問${half + 1}（未回答）` }).click();
    await context.setOffline(true);
    await answerCorrectly(page, questions[half]!);
    await expect(saveState(page)).toHaveText('未保存（オフライン）');
    expect(Object.keys(await savedAnswers('line-ads-basic'))).not.toContain(questions[half]!.questionId);
    await context.setOffline(false);
    await expect(saveState(page)).toHaveText('保存済み', { timeout: 20_000 });
    expect(Object.keys(await savedAnswers('line-ads-basic'))).toContain(questions[half]!.questionId);

    for (const [offset, question] of questions.slice(half + 1).entries()) {
      await page.getByRole('button', { name: `問${half + 2 + offset}（未回答）` }).click();
      await answerCorrectly(page, question);
    }
    await expect(page.getByText(`回答済み ${questions.length} / ${questions.length}問`)).toBeVisible();
    await page.getByRole('button', { name: '解答を送信する' }).click();
    await page.getByRole('region', { name: '解答を送信しますか？' }).getByRole('button', { name: '送信する' }).click();

    await expect(page).toHaveURL(/line-ads-basic\/exam-result/);
    await expect(page.getByRole('heading', { name: '合格', exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('table', { name: '分野別の結果' })).toBeVisible();
    await expectAccessible(page);

    // The worker issues the certificate shortly after the grade; the page learns it from certificate.issued.
    await expect(page.getByRole('status').filter({ hasText: '認定証が発行されました。' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('link', { name: '認定証を見る' }).click();
    await expect(page).toHaveURL(/\/mypage\/certificates\/[A-Za-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'LINE広告 Basic 認定証' })).toBeVisible();
    // The Open Badges credential is signed right after the certificate; the page offers its JSON.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: 'デジタル認定証（Open Badges）をダウンロード' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expectAccessible(page);
    const [credentialDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'デジタル認定証（Open Badges）をダウンロード' }).click()]);
    const credentialFolder = mkdtempSync(path.join(tmpdir(), 'campus-e2e-credential-'));
    try {
      const file = path.join(credentialFolder, credentialDownload.suggestedFilename());
      await credentialDownload.saveAs(file);
      const credential = JSON.parse(readFileSync(file, 'utf8'));
      expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
      expect(credential.credentialSubject.achievement.name).toBe('LINE広告 Basic');
    } finally {
      rmSync(credentialFolder, { recursive: true, force: true });
    }
    await page.getByRole('link', { name: '認定証の一覧へ戻る' }).click();
    await expect(page).toHaveURL('/mypage/certificates');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'LINE広告 Basic', exact: true }) });
    await expect(card).toContainText('有効');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: '認定証PDFをダウンロード' }).click()]);
    const folder = mkdtempSync(path.join(tmpdir(), 'campus-e2e-certificate-'));
    try {
      const file = path.join(folder, download.suggestedFilename());
      await download.saveAs(file);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('山田 太郎');
      expect(text).toContain('LINE広告 Basic');
      // The same words as the certificate pages.
      expect(text).toMatch(/取得日\s+\d{4}年\d{1,2}月\d{1,2}日/);
      expect(text).toContain('認定証番号');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(problems.filter((problem) => !isOfflineNoise(problem))).toEqual([]);
  });

  test('Advanced with a one-minute exam: time runs out, the time-up notice, then the result with the next attempt', async ({ page }) => {
    test.setTimeout(240_000);
    await setExamMinutes('line-ads-advanced', 1);
    await startExam(page, 'line-ads-advanced');
    expect(await secondsLeft(page)).toBeLessThanOrEqual(60);
    const [first] = await correctAnswersOfRunningExam('line-ads-advanced');
    await answerCorrectly(page, first!);
    await expect(saveState(page)).toHaveText('保存済み');

    const timeUp = page.getByRole('alertdialog', { name: '試験時間が終了しました' });
    await expect(timeUp).toBeVisible({ timeout: 90_000 });
    await timeUp.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/line-ads-advanced\/exam-result/);
    await expect(page.getByRole('heading', { name: '不合格', exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/次回の受験は \d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2} から可能です。/)).toBeVisible();
    // The answer given before time ran out was kept and graded.
    expect(Object.keys(await savedAnswers('line-ads-advanced'))).toContain(first!.questionId);

    // The policy page offers no start the server would refuse, and says when the next attempt opens.
    await page.goto(`${BADGE}/line-ads-advanced/exam-policy`);
    await expect(page.getByText(/前回の試験は不合格でした。次回の受験は .+ から可能です。/)).toBeVisible();
    await expect(page.getByRole('button', { name: '受験を開始する' })).toHaveCount(0);
  });
});
