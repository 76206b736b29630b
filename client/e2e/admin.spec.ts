import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, openLoggedIn, watchConsole } from './support';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** A browser of its own as the seeded learner or the admin (who accepts the agreements at their first login of the run). */
const openAs = (browser: Browser, login: 'learner' | 'admin'): Promise<Page> => openLoggedIn(browser, login, login === 'admin' ? '管理 花子' : '山田 太郎');

const noticesLink = (page: Page) => page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: /^お知らせ/ });

test.describe('admin console', () => {
  test('an announcement an admin publishes lights the learner header at once, and reading it puts the light out', async ({ browser }) => {
    const learner = await openAs(browser, 'learner');
    const learnerProblems = watchConsole(learner);
    // Start from nothing unread, whatever earlier runs left behind.
    for (const feed of ['notifications', 'announcements']) {
      expect((await learner.request.put(`/api/v1/${feed}/mark-as-read`, { headers: XHR })).status()).toBe(200);
    }
    await learner.reload();
    await expect(noticesLink(learner)).toHaveAccessibleName('お知らせ');

    const admin = await openAs(browser, 'admin');
    const adminProblems = watchConsole(admin);
    await admin.getByRole('button', { name: '管理 花子さん' }).click();
    await admin.getByRole('link', { name: '運営コンソール' }).click();
    const consoleNav = admin.getByRole('navigation', { name: '運営コンソール' });
    await consoleNav.getByRole('link', { name: 'お知らせ', exact: true }).click();
    await admin.getByRole('link', { name: '新しいお知らせ' }).click();

    const title = `春の認定試験キャンペーンのご案内 ${Date.now().toString(36)}`;
    await admin.getByLabel('タイトル').fill(title);
    await admin.getByLabel('本文').fill('期間中に Basic に合格すると、修了証の PDF をすぐに受け取れます。\n詳しくは認定コースのページをご覧ください。');
    await admin.getByLabel(/^リンク/).fill('/lineyahoo-marketing-skill-badge');
    // The preview shows the announcement as learners will see it.
    await expect(admin.getByRole('region', { name: 'プレビュー' }).getByRole('heading', { name: title })).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: '公開する' }).click();
    await expect(admin.getByRole('table').getByRole('row', { name: new RegExp(title) })).toContainText('公開中');

    // No reload: the push alone turns the learner's header on.
    await expect(noticesLink(learner)).toHaveAccessibleName('お知らせ New（未読あり）');
    await expect(noticesLink(learner)).toHaveAttribute('href', '/notifications/general/');
    await noticesLink(learner).click();
    await learner.getByRole('list', { name: 'お知らせの一覧' }).getByRole('link', { name: title }).click();
    await expect(learner.getByRole('heading', { name: title })).toBeVisible();
    await expect(noticesLink(learner)).toHaveAccessibleName('お知らせ');
    await learner.reload();
    await expect(noticesLink(learner)).toHaveAccessibleName('お知らせ');

    expect(learnerProblems).toEqual([]);
    expect(adminProblems).toEqual([]);
  });

  test('the live event stream shows a lesson completed by a learner in another browser', async ({ browser }) => {
    const admin = await openAs(browser, 'admin');
    const adminProblems = watchConsole(admin);
    await admin.goto('/admin/events');
    await expect(admin.getByRole('heading', { name: 'イベント' })).toBeVisible();
    await expect(admin.getByText('接続中')).toBeVisible();

    const learner = await openAs(browser, 'learner');
    await learner.goto('/line-official-account/courses/oa-grow-friends/lessons/friend-routes');
    await learner.getByRole('button', { name: 'このレッスンを完了する' }).click();
    await expect(learner.getByText('完了済み')).toBeVisible();

    // Named in Japanese with a readable summary; the recorded data and the English name behind a disclosure.
    const completion = admin.getByRole('row').filter({ hasText: 'レッスン完了' }).filter({ hasText: 'oa-grow-friends / friend-routes' });
    await expect(completion).toHaveCount(1);
    await expect(completion.getByText('LessonCompleted')).toBeHidden();
    await expect(completion.getByText(/"lessonSlug": "friend-routes"/)).toBeHidden();
    await expectAccessible(admin);
    await completion.getByText('記録データ').click();
    await expect(completion.getByText('LessonCompleted')).toBeVisible();
    await expect(completion.getByText(/"lessonSlug": "friend-routes"/)).toBeVisible();

    // The same on a phone: the label and the opened data fit, the table scrolls inside its own box.
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect(completion.getByText('レッスン完了')).toBeVisible();
    await expect(completion.getByText(/"lessonSlug": "friend-routes"/)).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await admin.setViewportSize({ width: 1280, height: 720 });

    // Filtering by type (offered by its Japanese name) keeps the completion and hides the rest.
    await admin.getByLabel('種類').selectOption({ label: 'レッスン完了' });
    await expect(completion).toHaveCount(1);
    await expect(admin.getByRole('row').filter({ hasText: 'コース閲覧' })).toHaveCount(0);

    // A learner cannot open the console.
    await learner.goto('/admin/events');
    await expect(learner.getByRole('heading', { name: 'このページを表示する権限がありません' })).toBeVisible();

    expect(adminProblems).toEqual([]);
  });
});
