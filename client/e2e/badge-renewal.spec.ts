import { expect, test, type Page } from '@playwright/test';
import { correctAnswersOfRunningExam, withDatabase } from './exam-database';
import { expectAccessible, logInAtProvider, watchConsole } from './support';

/** A Basic course no other spec takes an exam in. */
const COURSE = 'line-official-account-basic';
const COURSE_PAGE = `/lineyahoo-marketing-skill-badge/courses/${COURSE}`;
const LABEL = 'LINE公式アカウント Basic';

/** From the policy page: agree, start, answer every question right, submit; the result says 合格 and the certificate follows. */
async function passFromPolicy(page: Page) {
  await page.getByRole('checkbox', { name: '受験規約に同意する' }).check();
  await page.getByRole('button', { name: '受験を開始する' }).click();
  await expect(page).toHaveURL(new RegExp(`${COURSE}/exam$`));
  const questions = await correctAnswersOfRunningExam(COURSE, 'demo-learner');
  for (const [index, question] of questions.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^問${index + 1}`) })).toBeVisible();
    const group = page.getByRole('group', { name: question.prompt });
    for (const text of question.correct) await group.getByText(text, { exact: true }).click();
    if (index < questions.length - 1) await page.getByRole('button', { name: '次の問題' }).click();
  }
  await page.getByRole('button', { name: '解答を送信する' }).click();
  await page.getByRole('region', { name: '解答を送信しますか？' }).getByRole('button', { name: '送信する' }).click();
  await expect(page.getByRole('heading', { name: '合格', exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: '認定証が発行されました。' })).toBeVisible({ timeout: 60_000 });
}

/** The learner's certificates of the course, oldest first, and whether each has its credential yet. */
const certificatesOfCourse = () =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ slug: string; signed: boolean }>(
      `select c.slug, exists (select 1 from open_badge_credentials o where o.certificate_id = c.id) as signed
         from certificates c join courses k on k.id = c.course_id where k.slug = $1 order by c.issued_at`,
      [COURSE],
    );
    return rows;
  });

/**
 * 更新受験 in the browser. The first badge comes from a real pass; its expiry is then moved 10 days ahead by
 * SQL (seeded: the campus has no clock to move and badges last a year), the one step no screen performs.
 */
test('a badge about to expire is renewed from the course page: two certificates, the old one says it was superseded', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'ログイン', exact: true }).first().click();
  await logInAtProvider(page, 'learner');
  await expect(page.getByText('山田 太郎さん')).toBeVisible();

  await page.goto(COURSE_PAGE);
  const panel = page.getByRole('region', { name: 'スキルバッジと認定試験' });
  await panel.getByRole('link', { name: '受験する' }).click();
  await passFromPolicy(page);

  // Held and valid: the course page offers no exam and says when 更新受験 opens.
  await page.goto(COURSE_PAGE);
  await expect(panel.getByText(/^スキルバッジを取得済みです。更新受験は.+から受けられます。$/)).toBeVisible();
  await expect(panel.getByRole('link', { name: /受験/ })).toHaveCount(0);

  await withDatabase((client) =>
    client.query(`update badges set expires_at = now() + interval '10 days' from courses where courses.id = badges.course_id and courses.slug = $1`, [COURSE]),
  );
  await page.reload();
  await expect(panel.getByText('有効期限が近づいています。更新受験に合格すると、有効期限が延長され、新しい認定証が発行されます。')).toBeVisible();
  await expectAccessible(page);
  await panel.getByRole('link', { name: '更新受験' }).click();
  await expect(page).toHaveURL(new RegExp(`${COURSE}/exam-policy$`));
  await passFromPolicy(page);

  // Both certificates stay on /mypage/certificates: the latest first and 有効, the one it replaced
  // 更新済み with the way to the latest (issue 32 point 7: two identical 「有効」 cards before).
  const [old, latest] = await certificatesOfCourse();
  await page.goto('/mypage/certificates');
  const cards = page.getByRole('article').filter({ has: page.getByRole('heading', { name: LABEL, exact: true }) });
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByText('有効', { exact: true })).toBeVisible();
  await expect(cards.nth(0).getByText('更新済み', { exact: true })).toHaveCount(0);
  await expect(cards.nth(0).getByRole('link', { name: '最新の認定証' })).toHaveCount(0);
  await expect(cards.nth(1).getByText('更新済み', { exact: true })).toBeVisible();
  await expect(cards.nth(1).getByText('有効', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await cards.nth(1).getByRole('link', { name: '最新の認定証' }).click();
  await expect(page).toHaveURL(`/mypage/certificates/${latest!.slug}`);

  await expect.poll(async () => (await certificatesOfCourse()).map((certificate) => certificate.signed), { timeout: 60_000 }).toEqual([true, true]);
  await page.goto(`/certificates/verify/${old!.slug}`);
  await expect(page.getByText('この認定証は更新されました。', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: '最新の認定証' }).click();
  await expect(page).toHaveURL(`/certificates/verify/${latest!.slug}`);
  await expect(page.getByText('この認定証は有効です。')).toBeVisible();
  await expect(page.getByText('この認定証は更新されました。', { exact: false })).toHaveCount(0);
  // The badge the certificate stands for leads the page, drawn (not a broken image).
  const badge = page.getByRole('img', { name: `${LABEL} スキルバッジ`, exact: true });
  await expect(badge).toBeVisible();
  await expect.poll(() => badge.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(problems).toEqual([]);
});
