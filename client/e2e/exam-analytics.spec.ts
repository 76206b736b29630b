import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { withDatabase } from './exam-database';
import { expectAccessible, openLoggedIn, watchConsole } from './support';

/**
 * Graded attempts of every certification course by a learner of this spec's own (nobody logs in as
 * them, so no other spec meets their sessions): four sessions a course, each answering about three
 * quarters of the course's questions, right or wrong by a hash, so questions differ in how often they
 * were answered and how often right. Started an hour ago: inside the page's default 30 days.
 */
async function seedGradedAttempts(): Promise<void> {
  await withDatabase(async (client) => {
    const userId = randomUUID();
    await client.query(`insert into users (id, subject, last_name, first_name) values ($1, $2, '分析', '用')`, [userId, `e2e-analytics-${userId}`]);
    const { rows: courses } = await client.query<{ id: string }>(`select id from courses where kind = 'certification'`);
    for (const course of courses) {
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const sessionId = randomUUID();
        await client.query(
          `insert into exam_sessions (id, user_id, course_id, status, questions, answers, started_at, deadline, finished_at, passed, score, stream_version)
           values ($1, $2, $3, 'graded', '[]', '{}', now() - interval '1 hour', now() - interval '30 minutes', now() - interval '40 minutes', false,
                   '{"correct":0,"total":0,"percent":0,"passed":false,"topics":[]}', 1)`,
          [sessionId, userId, course.id],
        );
        await client.query(
          `insert into exam_question_outcomes (exam_session_id, question_id, course_id, topic, prompt, correct, started_at)
           select $1, question_id, course_id, topic, prompt, abs(hashtext(question_id || $3 || 'right')) % 3 <> 0, now() - interval '1 hour'
             from questions where course_id = $2 and abs(hashtext(question_id || $3)) % 4 <> 0`,
          [sessionId, course.id, String(attempt)],
        );
      }
    }
  });
}

const QUESTIONS_TABLE = /^正答率の低い問題/;

/** The texts of one column of the questions table, top to bottom (1: 問題 … 4: 正答率). */
const columnTexts = (table: Locator, column: number) => table.locator(`tbody tr > :nth-child(${column})`).allTextContents();
const numbersOf = (texts: string[]) => texts.map((text) => Number.parseFloat(text.replace(/[^\d.]/g, '')));

async function openAnalytics(page: Page): Promise<Locator> {
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: '試験の分析' })).toBeVisible();
  const table = page.getByRole('table', { name: QUESTIONS_TABLE });
  await expect(table.locator('tbody tr')).toHaveCount(50);
  return table;
}

test.describe('試験の分析 (admin console)', () => {
  test.beforeAll(seedGradedAttempts);

  test('at 1280 px the hardest questions read as a table: prompts wrap at a readable width, topics in Japanese, columns sortable', async ({ browser }) => {
    const admin = await openLoggedIn(browser, 'admin', '管理 花子');
    const problems = watchConsole(admin);
    await admin.setViewportSize({ width: 1280, height: 800 });
    const table = await openAnalytics(admin);

    // The question column is wide enough to read (issue 32: two characters wide, 24,600 px of page).
    const prompt = table.locator('tbody tr').first().locator('td').first();
    const { width, fontSize } = await prompt.evaluate((cell) => ({ width: cell.getBoundingClientRect().width, fontSize: Number.parseFloat(getComputedStyle(cell).fontSize) }));
    expect(width).toBeGreaterThanOrEqual(20 * fontSize);
    // No row is taller than a few lines; the page fits the screen's width and is not a scroll of kilometres.
    const tallestRow = Math.max(...(await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height))));
    expect(tallestRow).toBeLessThanOrEqual(6 * fontSize * 1.5);
    const page = await admin.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
    expect(page.width).toBeLessThanOrEqual(1280);
    expect(page.height).toBeLessThan(8000);

    // Topics by their Japanese names, in the table and in the chart; never a slug.
    const topics = await columnTexts(table, 2);
    for (const topic of topics) expect(topic).not.toMatch(/[a-z]+-[a-z]+/);
    const chart = admin.getByRole('img', { name: /^トピック別の正答率/ });
    await expect(chart).not.toContainText(/[a-z]+-[a-z]+/);
    const topicSection = admin.getByRole('region', { name: 'トピック別の正答率' });
    await topicSection.getByText('数値を表で見る').click();
    await expect(topicSection.getByRole('table').getByRole('rowheader', { name: 'セグメント設計', exact: true })).toBeVisible();

    // Hardest first, as the server sends them: 正答率 ascending.
    const rateHeader = table.getByRole('columnheader', { name: '正答率' });
    await expect(rateHeader).toHaveAttribute('aria-sort', 'ascending');
    const rates = numbersOf(await columnTexts(table, 4));
    expect(rates).toEqual([...rates].sort((a, b) => a - b));

    // 回答数: the most answered first, then the other way round.
    const answeredHeader = table.getByRole('columnheader', { name: '回答数' });
    await answeredHeader.getByRole('button').click();
    await expect(answeredHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rateHeader).not.toHaveAttribute('aria-sort');
    await expect(table).toHaveAccessibleName('正答率の低い問題（回答数の多い順）');
    const answered = numbersOf(await columnTexts(table, 3));
    expect(answered).toEqual([...answered].sort((a, b) => b - a));
    expect(new Set(answered).size).toBeGreaterThan(1);
    await answeredHeader.getByRole('button').click();
    await expect(answeredHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(numbersOf(await columnTexts(table, 3))).toEqual([...answered].sort((a, b) => a - b));

    await expectAccessible(admin);
    expect(problems).toEqual([]);
  });

  test('at 390 px the table stays usable: it scrolls sideways in its own region, the page does not', async ({ browser }) => {
    const admin = await openLoggedIn(browser, 'admin', '管理 花子');
    await admin.setViewportSize({ width: 390, height: 844 });
    const table = await openAnalytics(admin);

    const pageWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    const region = admin.getByRole('region', { name: '正答率の低い問題の表' });
    await expect(region).toBeVisible();
    await expect(region).toHaveAttribute('tabindex', '0');
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    const prompt = table.locator('tbody tr').first().locator('td').first();
    const { width, fontSize } = await prompt.evaluate((cell) => ({ width: cell.getBoundingClientRect().width, fontSize: Number.parseFloat(getComputedStyle(cell).fontSize) }));
    expect(width).toBeGreaterThanOrEqual(12 * fontSize);
    // Sorting works at this width too.
    await table.getByRole('columnheader', { name: '回答数' }).getByRole('button').click();
    await expect(table.getByRole('columnheader', { name: '回答数' })).toHaveAttribute('aria-sort', 'descending');
    await expectAccessible(admin);
  });
});
