import { expect, test, type Locator } from '@playwright/test';
import { correctAnswersOfRunningExam } from './exam-database';
import { logInAtProvider, watchConsole } from './support';

/** A Basic course of 20 questions that no other spec takes an exam in. */
const COURSE = 'yahoo-ads-displayads-basic';
const POLICY = `/lineyahoo-marketing-skill-badge/courses/${COURSE}/exam-policy`;
/** Issue 18 §3: a 20-question exam by keyboard alone takes at most this many key presses. */
const KEY_PRESS_BUDGET = 120;

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

test('a whole 20-question exam by keyboard alone: every key press counted, at most 120', async ({ page }) => {
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

  // From here on, only the keyboard; `press` counts every key.
  const presses: string[] = [];
  const press = async (key: 'Tab' | 'Space' | 'Enter' | 'ArrowDown' | 'ArrowUp', times = 1) => {
    for (let count = 0; count < times; count += 1) {
      presses.push(key);
      await page.keyboard.press(key);
    }
  };

  const questions = await correctAnswersOfRunningExam(COURSE, 'demo-learner');
  expect(questions).toHaveLength(20);
  for (const [index, question] of questions.entries()) {
    // The question takes the focus as it opens (the exam page opening, or Enter on the last one's choice).
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^問${index + 1}（全20問）`) })).toBeFocused();
    const group = page.getByRole('group', { name: question.prompt });
    const choices = (await group.locator('label').allInnerTexts()).map((text) => text.trim());
    const positions = question.correct.map((text) => choices.indexOf(text)).sort((a, b) => a - b);
    expect(positions).not.toContain(-1);

    await press('Tab'); // heading → the first choice
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

    if (index < questions.length - 1) await press('Enter'); // the choice's form moves on to the next question
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
  // 分野別の結果 names the topics in Japanese (the content pack's topicNames), not by their slugs.
  const topics = page.getByRole('table', { name: '分野別の結果' });
  await expect(topics.getByRole('rowheader', { name: 'ディスプレイ広告の基本' })).toBeVisible();
  await expect(topics.getByRole('rowheader')).toHaveCount(5);
  await expect(topics).not.toContainText('display-basics');

  const counts = new Map<string, number>();
  for (const key of presses) counts.set(key, (counts.get(key) ?? 0) + 1);
  const tally = [...counts].map(([key, count]) => `${key} ${count}`).join(', ');
  test.info().annotations.push({ type: 'key presses', description: `${presses.length} (${tally})` });
  console.log(`keyboard exam: ${presses.length} key presses (${tally})`);
  expect(presses.length).toBeLessThanOrEqual(KEY_PRESS_BUDGET);
  expect(problems).toEqual([]);
});

