import { expect, test, type Page } from '@playwright/test';
import { mailInboxPort } from '../../playwright.config';
import { withDatabase } from './exam-database';
import { answerRightAndSubmit } from './pass-exam';
import { expectAccessible, logInNewLearner, openLoggedIn, startExamRegisteringProfile, watchConsole } from './support';

const COURSE = 'line-official-account-basic';
const INBOX = `http://localhost:${mailInboxPort}`;

/** The dev mail catcher's inbox (npm start runs it): opens the newest mail to `address` whose subject has `words`. */
async function openMail(page: Page, address: string, words: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(INBOX);
        return page.getByRole('row').filter({ hasText: address }).filter({ hasText: words }).count();
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  await page.getByRole('row').filter({ hasText: address }).filter({ hasText: words }).first().getByRole('link').click();
}

/**
 * Eleven months on, in one step: the badge's expiry is moved 10 days ahead by SQL, as badge-renewal.spec
 * does (badges last a year and the campus has no clock to move); no screen performs the passage of time.
 */
async function moveExpiryCloser(loginId: string) {
  const { rowCount } = await withDatabase((client) =>
    client.query(
      `update badges set expires_at = now() + interval '10 days' from users u, courses c
        where u.id = badges.user_id and c.id = badges.course_id and u.subject = $1 and c.slug = $2`,
      [`demo-${loginId}`, COURSE],
    ),
  );
  expect(rowCount).toBe(1);
}

/** From the open mail, in a browser that is not logged in, follows its 配信を停止する: the page asks, then turns that kind off. */
async function unsubscribeThroughMail(stranger: Page, kindLabel: string) {
  await stranger.frameLocator('iframe[title="メール本文（HTML）"]').getByRole('link', { name: '配信を停止する' }).click();
  await expect(stranger.getByRole('heading', { level: 1, name: 'メールの配信停止' })).toBeVisible();
  await expectAccessible(stranger);
  await stranger.getByRole('button', { name: '配信を停止する' }).click();
  await expect(stranger.getByRole('status').filter({ hasText: `「${kindLabel}」のメールの配信を停止しました。` })).toBeVisible();
}

test('a brand-new learner passes, reads the certificate mail in the dev inbox and follows it to the certificate; the reminder mail’s link unsubscribes without logging in', async ({ browser }) => {
  test.setTimeout(300_000);
  const tag = `mail-${Date.now().toString(36)}`;
  const address = `learner-new+${tag}@example.com`;
  const context = await browser.newContext();
  const learner = await context.newPage();
  const problems = watchConsole(learner);
  await logInNewLearner(learner, tag);

  // Pass the exam in the browser (the profile registered from the exam's prompt).
  await learner.goto(`/lineyahoo-marketing-skill-badge/courses/${COURSE}/exam-policy`);
  await startExamRegisteringProfile(learner, { lastName: 'メール', firstName: 'サクラ' });
  await answerRightAndSubmit(learner, COURSE, `learner-new+${tag}`);
  await expect(learner.getByRole('status').filter({ hasText: '認定証が発行されました。' })).toBeVisible({ timeout: 60_000 });

  // The certificate mail, with its PDF, in the dev inbox; its button opens the certificate page.
  const mail = await context.newPage();
  await openMail(mail, address, 'LINE公式アカウント Basic」の認定証を発行しました');
  await expect(mail.getByRole('link', { name: /^認定証_[0-9A-Z]{10}\.pdf$/ })).toBeVisible();
  await expect(mail.getByLabel('メール本文（テキスト）')).toContainText('/certificates/verify/');
  await mail.frameLocator('iframe[title="メール本文（HTML）"]').getByRole('link', { name: '認定証を見る' }).click();
  await expect(mail).toHaveURL(/\/mypage\/certificates\/[0-9A-Z]{10}$/);
  await expect(mail.getByRole('heading', { level: 1, name: 'LINE公式アカウント Basic 認定証' })).toBeVisible();
  const slug = new URL(mail.url()).pathname.split('/').pop()!;

  // The profile's メール通知: every kind listed, certificates and notices on, announcements off.
  await learner.goto('/mypage/profile');
  const section = learner.getByRole('region', { name: 'メール通知' });
  await expect(section.getByRole('switch', { name: '認定証の発行' })).toBeChecked();
  await expect(section.getByRole('switch', { name: '認定証の取り消し' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'お知らせ', exact: true })).not.toBeChecked();
  await expectAccessible(learner);

  // A month before the badge expires, an admin runs the daily reminder now from ジョブキュー (it would
  // otherwise wait for 9:00): the learner gets 有効期限のお知らせ, which carries a 配信停止 link.
  await moveExpiryCloser(`learner-new+${tag}`);
  const admin = await openLoggedIn(browser, 'admin', '管理 花子');
  await admin.goto('/admin/queues');
  const schedules = admin.getByRole('table', { name: '定期ジョブ（campus）' });
  await expect(schedules.getByRole('row').filter({ hasText: 'バッジの有効期限のお知らせ' })).toContainText('毎日 09:00');
  await schedules.getByRole('button', { name: '「バッジの有効期限のお知らせ」を今すぐ実行' }).click();
  await expect(admin.getByRole('status').filter({ hasText: '「バッジの有効期限のお知らせ」を実行キューに入れました。' })).toBeVisible();

  const stranger = await (await browser.newContext()).newPage();
  await openMail(stranger, address, '有効期限のお知らせ・更新受験のご案内');
  await unsubscribeThroughMail(stranger, '有効期限のお知らせ・更新受験のご案内');
  await stranger.setViewportSize({ width: 390, height: 844 });
  expect(await stranger.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The learner's profile shows that kind off; the other kinds are as they were.
  await learner.reload();
  await expect(section.getByRole('switch', { name: '有効期限のお知らせ・更新受験のご案内' })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: '認定証の発行' })).toBeChecked();
  await expect(section.getByRole('switch', { name: '認定証の取り消し' })).toBeChecked();

  // An admin revokes the credential: the learner is told by mail, with the category; its link also unsubscribes.
  await admin.goto('/admin/credentials');
  await admin.getByLabel('学習者（メールアドレス・氏名）または認定証番号').fill(slug.toLowerCase());
  await admin.getByRole('button', { name: '検索' }).click();
  const row = admin.getByRole('row').filter({ hasText: slug });
  await row.getByRole('button', { name: `${slug} を取り消す` }).click();
  const form = admin.getByRole('form', { name: new RegExp(`${slug}.*を取り消す`) });
  await form.getByLabel(/理由/).fill('メールの確認のため');
  await form.getByLabel(/取り消しの区分/).selectOption({ label: '誤発行' });
  await form.getByRole('button', { name: '取り消しを確定' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `認定証番号 ${slug} のデジタル認定証を取り消しました。` })).toBeVisible();
  await openMail(stranger, address, '認定証を取り消しました');
  await expect(stranger.getByLabel('メール本文（テキスト）')).toContainText('理由: 誤発行');
  await unsubscribeThroughMail(stranger, '認定証の取り消し');

  await learner.reload();
  await expect(section.getByRole('switch', { name: '認定証の取り消し' })).not.toBeChecked();
  // And flips it back on by hand.
  await section.getByRole('switch', { name: '認定証の取り消し' }).check();
  await expect(section.getByRole('status')).toHaveText('メール通知の設定を保存しました。');
  expect(problems).toEqual([]);
});
