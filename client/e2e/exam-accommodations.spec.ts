import { expect, test, type Page } from '@playwright/test';
import { correctAnswersOfRunningExam, examMinutesOf, savedAnswers, setExamMinutes } from './exam-database';
import { expectAccessible, openLoggedIn, watchConsole } from './support';

// Made a one-minute exam so that its normal limit passes within the test (put back at the end). The
// learner is a new account of its own: the demo learner may already hold this course's badge from
// another spec (a valid badge is taken again only in its renewal window).
const COURSE = 'line-official-account-basic';
const POLICY = `/lineyahoo-marketing-skill-badge/courses/${COURSE}/exam-policy`;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** Seconds left on the exam page's countdown (mm:ss). */
const secondsLeft = async (page: Page) => {
  const [minutes, seconds] = (await page.getByRole('timer', { name: '残り時間' }).innerText()).trim().split(':').map(Number);
  return minutes! * 60 + seconds!;
};

test('an admin grants extra time in the console; the learner sees the longer limit and saves and submits after the normal one', async ({ browser }) => {
  test.setTimeout(240_000);
  const normalMinutes = await examMinutesOf(COURSE);
  await setExamMinutes(COURSE, 1);
  const tag = `accommodation-${Date.now().toString(36)}`;
  const learnerEmail = `learner-new+${tag}@example.com`;
  const learner = await openLoggedIn(browser, `learner-new+${tag}`, '新規 さくら');
  // The exam needs a profile; registering one through the screens is new-learner.spec.ts's to test.
  const profile = { lastName: '配慮', firstName: '花子', lastNameKana: 'ハイリョ', firstNameKana: 'ハナコ', email: learnerEmail };
  expect((await learner.request.put('/api/v1/me', { headers: XHR, data: profile })).status()).toBe(200);
  const admin = await openLoggedIn(browser, 'admin', '管理 花子');
  const adminProblems = watchConsole(admin);
  try {
    await admin.getByRole('button', { name: '管理 花子さん' }).click();
    await admin.getByRole('link', { name: '運営コンソール' }).click();
    await admin.getByRole('navigation', { name: '運営コンソール' }).getByRole('link', { name: '試験時間の延長' }).click();
    await admin.getByLabel('学習者のメールアドレス').fill(learnerEmail);
    await admin.getByRole('button', { name: '検索する' }).click();
    await expect(admin.getByRole('heading', { name: '配慮 花子さんの試験時間の延長' })).toBeVisible();
    await admin.getByLabel(/延長する時間（分）/).fill('2');
    await admin.getByLabel(/メモ/).fill('診断書の提出により、試験時間を延長する');
    await admin.getByRole('button', { name: '延長を登録する' }).click();
    await expect(admin.getByText('現在の延長: 2分延長（期限なし）')).toBeVisible();
    await expectAccessible(admin);
    // The grant is in the admin event history.
    await admin.getByRole('navigation', { name: '運営コンソール' }).getByRole('link', { name: 'イベント' }).click();
    await expect(admin.getByRole('table').getByText('試験時間延長の設定', { exact: true }).first()).toBeVisible();

    const learnerProblems = watchConsole(learner);
    await learner.goto(POLICY);
    const settings = learner.getByRole('region', { name: '試験の概要' });
    await expect(settings.getByText('3分（通常1分＋配慮2分）', { exact: true })).toBeVisible();
    await learner.getByRole('checkbox', { name: '受験規約に同意する' }).check();
    await learner.getByRole('button', { name: '受験を開始する' }).click();
    await expect(learner).toHaveURL(new RegExp(`${COURSE}/exam$`));
    // The server's deadline, so the countdown, has the extra two minutes.
    expect(await secondsLeft(learner)).toBeGreaterThan(150);

    const questions = await correctAnswersOfRunningExam(COURSE, `demo-learner-new+${tag}`);
    const answer = async (index: number) => {
      const question = questions[index]!;
      await learner.getByRole('button', { name: new RegExp(`^問${index + 1}（`) }).click();
      const group = learner.getByRole('group', { name: question.prompt });
      for (const text of question.correct) await group.getByText(text, { exact: true }).click();
      await expect(learner.getByRole('status', { name: '保存状態' })).toHaveText('保存済み');
    };
    await answer(0);

    // Past the normal minute and its grace, by the page's own countdown.
    await expect.poll(() => secondsLeft(learner), { timeout: 120_000, intervals: [1_000] }).toBeLessThan(105);
    for (let index = 1; index < questions.length; index += 1) await answer(index);
    expect(Object.keys(await savedAnswers(COURSE)).sort()).toEqual(questions.map((question) => question.questionId).sort());
    await expect(learner.getByRole('alertdialog', { name: '試験時間が終了しました' })).toBeHidden();

    await learner.getByRole('button', { name: '解答を送信する' }).click();
    await learner.getByRole('region', { name: '解答を送信しますか？' }).getByRole('button', { name: '送信する' }).click();
    await expect(learner).toHaveURL(new RegExp(`${COURSE}/exam-result`));
    await expect(learner.getByRole('heading', { name: '合格', exact: true })).toBeVisible({ timeout: 60_000 });
    expect(learnerProblems).toEqual([]);
    expect(adminProblems).toEqual([]);
  } finally {
    await setExamMinutes(COURSE, normalMinutes);
    // The grant goes: withdrawing is part of the console's job too.
    const found = await admin.request.get(`/api/v1/admin/exam-accommodations?email=${encodeURIComponent(learnerEmail)}`, { headers: XHR });
    const { learner } = (await found.json()) as { learner: { userId: string } };
    expect((await admin.request.delete(`/api/v1/admin/exam-accommodations/${learner.userId}`, { headers: XHR })).status()).toBe(200);
  }
});
