import { expect, test, type Locator, type Page } from '@playwright/test';
import { correctAnswersOfRunningExam } from './exam-database';
import { logInAtProvider, logInNewLearner, startExamRegisteringProfile, watchConsole } from './support';

/** A Basic course of 20 questions that no other spec takes an exam in. */
const COURSE = 'yahoo-ads-displayads-basic';
const POLICY = `/lineyahoo-marketing-skill-badge/courses/${COURSE}/exam-policy`;
/** Issue 18 §3: a 20-question exam by keyboard alone takes at most this many key presses. */
const KEY_PRESS_BUDGET = 120;

/** Said once on the exam page, to the eye and (with the first question's choices) to screen readers. */
const ENTER_HINT = 'キーボードでは、選択肢で Enter キーを押すと次の問題に進みます。';

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

type Key = 'Tab' | 'Space' | 'Enter' | 'ArrowDown' | 'ArrowUp';

/**
 * Answers the running 20-question exam right with the keyboard alone and submits it, moving on from
 * each question by Enter on its choice (`enter`) or by Tab to 次の問題 and Enter there (`tab`).
 * Returns every key pressed.
 */
async function takeExamByKeyboard(page: Page, subject: string, moveOn: 'enter' | 'tab'): Promise<Key[]> {
  const presses: Key[] = [];
  const press = async (key: Key, times = 1) => {
    for (let count = 0; count < times; count += 1) {
      presses.push(key);
      await page.keyboard.press(key);
    }
  };
  const next = page.getByRole('button', { name: '次の問題' });

  const questions = await correctAnswersOfRunningExam(COURSE, subject);
  expect(questions).toHaveLength(20);
  for (const [index, question] of questions.entries()) {
    // The question's first choice takes the focus as it opens (the exam page opening, or moving on).
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^問${index + 1}（全20問）`) })).toBeVisible();
    const group = page.getByRole('group', { name: question.prompt });
    await expect(group.locator('input').first()).toBeFocused();
    const choices = (await group.locator('label').allInnerTexts()).map((text) => text.trim());
    const positions = question.correct.map((text) => choices.indexOf(text)).sort((a, b) => a - b);
    expect(positions).not.toContain(-1);

    if ((await group.getByRole('checkbox').count()) > 0) {
      // Checkboxes: Tab along, Space on each right one, stop at the last right one.
      const last = positions.at(-1)!;
      for (let position = 0; position <= last; position += 1) {
        if (positions.includes(position)) await press('Space');
        if (position < last) await press('Tab');
      }
    } else {
      // Radios: Space checks the first; the arrows move and check, wrapping round, whichever way is shorter.
      const [position] = positions as [number];
      if (position === 0) await press('Space');
      else if (position <= choices.length - position) await press('ArrowDown', position);
      else await press('ArrowUp', choices.length - position);
    }
    for (const text of question.correct) await expect(group.getByLabel(text, { exact: true })).toBeChecked();

    if (index === questions.length - 1) break;
    if (moveOn === 'tab') {
      for (let guard = 0; guard < 8 && !(await isFocused(next)); guard += 1) await press('Tab');
      await expect(next).toBeFocused();
    }
    await press('Enter'); // the choice's form, or 次の問題 itself, moves on to the next question
  }

  // Last question: on to 解答を送信する (次の問題 is disabled and skipped), then the confirmation.
  const submit = page.getByRole('button', { name: '解答を送信する' });
  for (let guard = 0; guard < 8 && !(await isFocused(submit)); guard += 1) await press('Tab');
  await expect(submit).toBeFocused();
  await press('Enter');
  const confirm = page.getByRole('region', { name: '解答を送信しますか？' });
  await expect(confirm).toBeFocused();
  await press('Tab');
  await expect(confirm.getByRole('button', { name: '送信する' })).toBeFocused();
  await press('Enter');

  await expect(page).toHaveURL(new RegExp(`${COURSE}/exam-result`));
  await expect(page.getByRole('heading', { name: '合格', exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('20 / 20問', { exact: true })).toBeVisible();
  return presses;
}

/** Logs the count and its make-up, and holds it to the budget. */
function expectWithinBudget(presses: Key[], path: string) {
  const counts = new Map<string, number>();
  for (const key of presses) counts.set(key, (counts.get(key) ?? 0) + 1);
  const tally = [...counts].map(([key, count]) => `${key} ${count}`).join(', ');
  test.info().annotations.push({ type: `key presses (${path})`, description: `${presses.length} (${tally})` });
  console.log(`keyboard exam, ${path}: ${presses.length} key presses (${tally})`);
  expect(presses.length).toBeLessThanOrEqual(KEY_PRESS_BUDGET);
}

test('a whole 20-question exam by keyboard alone, Enter on a choice moving on (as the page says once): at most 120 key presses', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'ログイン', exact: true }).first().click();
  await logInAtProvider(page, 'learner');
  await expect(page.getByText('山田 太郎さん')).toBeVisible();
  await page.goto(POLICY);
  await page.getByRole('checkbox', { name: '受験規約に同意する' }).check();
  await page.getByRole('button', { name: '受験を開始する' }).click();
  await expect(page).toHaveURL(new RegExp(`${COURSE}/exam$`));

  // Issue 32 point 10: the page says once, where the eye and a screen reader meet it, that Enter on a
  // choice moves on: visible above the questions, and the description of the first question's choices.
  const hint = page.getByText(ENTER_HINT, { exact: true });
  await expect(hint).toBeVisible();
  await expect(hint).toHaveCount(1);
  const firstChoices = page.locator('.exam-question input');
  await expect(firstChoices.first()).toHaveAccessibleDescription(ENTER_HINT);

  // From here on, only the keyboard.
  const presses = await takeExamByKeyboard(page, 'demo-learner', 'enter');

  // 分野別の結果 names the topics in Japanese (the content pack's topicNames), not by their slugs.
  const topics = page.getByRole('table', { name: '分野別の結果' });
  await expect(topics.getByRole('rowheader', { name: 'ディスプレイ広告の基本' })).toBeVisible();
  await expect(topics.getByRole('rowheader')).toHaveCount(5);
  await expect(topics).not.toContainText('display-basics');
  expectWithinBudget(presses, 'Enter on a choice');
  expect(problems).toEqual([]);
});

/**
 * Issue 32 point 10: a learner who does not know the Enter shortcut Tabs to 次の問題. 前の問題 stands
 * before the question (Shift+Tab from it), so 次の問題 is the first stop after the choices.
 */
test('the same exam by Tab to 次の問題 and Enter there: at most 120 key presses too', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  // A brand-new learner (the demo learner passed this course above): profile first, as the exam asks.
  const tag = `keyboard-tab-${Date.now().toString(36)}`;
  await logInNewLearner(page, tag);
  await page.goto(POLICY);
  await startExamRegisteringProfile(page, { lastName: 'キーボード', firstName: 'タブ' });
  await expect(page).toHaveURL(new RegExp(`${COURSE}/exam$`));

  const presses = await takeExamByKeyboard(page, `demo-learner-new+${tag}`, 'tab');
  expectWithinBudget(presses, 'Tab to 次の問題');
  expect(problems).toEqual([]);
});
