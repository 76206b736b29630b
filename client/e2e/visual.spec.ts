import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { correctAnswersOfRunningExam } from './exam-database';
import { expectAccessible, logInNewLearner, openLoggedIn, startExamRegisteringProfile } from './support';

/**
 * Visual regression (issue 24 §5): the pages a learner sees most, at a desktop and a phone width,
 * against the baselines in client/e2e/__screenshots__ (playwright.config.ts snapshotPathTemplate).
 * A change in look fails here and shows its diff in the report; when the change is meant,
 * `npm run test:visual:update` rewrites the baselines, which are reviewed like code.
 *
 * What changes from run to run is masked: dates, the exam timer, the learner's name, and the drawn
 * exam question (its box held at one height by visual.css, which applies to screenshots only).
 */

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const STYLE_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'visual.css');

const CERTIFICATION_COURSE = 'line-official-account-basic';
const COURSE_PATH = `/lineyahoo-marketing-skill-badge/courses/${CERTIFICATION_COURSE}/`;

/** Everything on a page that differs between runs while the look does not. */
const dynamicParts = (page: Page): Locator[] => [
  page.locator('time'),
  page.getByRole('timer'),
  page.locator('.user-menu__name, .account-thumbnail'),
  page.locator('.profile-card__icon, .profile-card__facts dd'),
  page.locator('.exam-question__choices'),
  page.locator('.exam-result__score div:nth-child(3) dd, .exam-result__certificate'),
];

/**
 * The top page's campaign shows only within its dates (server/content/campaign.yaml): answered here
 * with the same campaign, so the home baselines do not change with the calendar.
 */
const CAMPAIGN = {
  title: 'スキルバッジ取得応援キャンペーン',
  body: '期間中に認定試験に合格した方は、修了証のダウンロードに加えて、プロフィールにスキルバッジが表示されます。\nまずは Basic の認定試験から挑戦してみましょう。試験の前に、各コースのレッスンで出題範囲を確認できます。',
  startsOn: '2026-11-01',
  endsOn: '2027-01-31',
  link: '/lineyahoo-marketing-skill-badge',
};

/** A bank's item statistics with every kind of figure and flag, for the statistics page's baseline. */
const ITEM_STATISTICS = {
  courseSlug: 'line-official-account-advanced',
  topicNames: { 'segment-design': 'セグメント設計', 'delivery-optimization': '配信の最適化', measurement: '効果測定', integration: '外部ツールとの連携', operations: '運用体制' },
  gradedSessions: 40,
  items: [
    ['oa-adv-001', 'segment-design', 30, 0.6, 0.42, 0.75, [0.3, 0.6, 0.9], []],
    ['oa-adv-002', 'segment-design', 28, 0.97, 0.05, 0.7, [0.95, 0.97, 1], ['tooEasy']],
    ['oa-adv-003', 'delivery-optimization', 25, 0.16, 0.12, 0.63, [0.1, 0.15, 0.22], ['tooHard']],
    ['oa-adv-004', 'measurement', 22, 0.55, -0.21, 0.55, [0.7, 0.55, 0.4], ['negativeDiscrimination']],
    ['oa-adv-005', 'integration', 36, 0.5, 0.3, 0.9, [0.3, 0.5, 0.7], ['overExposed']],
    ['oa-adv-006', 'operations', 0, null, null, 0, [null, null, null], []],
  ].map(([questionId, topic, attempts, pValue, discrimination, exposure, bands, flags]) => ({
    questionId,
    topic,
    attempts,
    pValue,
    discrimination,
    exposure,
    lastDrawnAt: attempts ? '2026-11-20T03:00:00.000Z' : null,
    byScoreBand: (['lower', 'middle', 'upper'] as const).map((band, index) => ({ band, attempts: Math.round((attempts as number) / 3), pValue: (bands as (number | null)[])[index] })),
    flags,
  })),
};

/**
 * The header's New badge comes with the unread flags, a moment after the page: waited for (at the
 * desktop width; a phone's header folds it into the menu), so it is always in the picture.
 */
async function unreadBadgeShown(page: Page): Promise<void> {
  await page.setViewportSize(WIDTHS[0]);
  await expect(page.locator('.site-header .badge')).toBeVisible({ timeout: 60_000 });
}

/** Lazy images load at once and every image has finished (or failed) before the picture is taken. */
async function imagesLoaded(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}

/** Compares the whole page at each width with its baseline `<name>-<width>.png`. */
async function expectLooksSame(page: Page, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await imagesLoaded(page);
    await page.evaluate(() => document.fonts.ready);
    await expect(page).toHaveScreenshot(`${name}-${size.width}.png`, {
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      mask: dynamicParts(page),
      stylePath: STYLE_PATH,
      // Anti-aliasing of text may differ by a few pixels; a moved or recoloured block does not pass.
      maxDiffPixelRatio: 0.01,
    });
  }
}

test.describe.serial('visual regression', () => {
  // No service worker: page.route sees every request, and no update notice can appear mid-run.
  test.use({ reducedMotion: 'reduce', serviceWorkers: 'block' });

  test.beforeEach(async ({ page }) => {
    await page.route('**/api/v1/campaign', (route) => route.fulfill({ json: CAMPAIGN }));
  });

  test('pages a visitor sees: home, a course page, the skill-badge landing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'マーケティングスキルバッジに挑戦しよう' })).toBeVisible();
    await expectLooksSame(page, 'home');

    await page.goto('/line-official-account/courses/oa-getting-started');
    await expect(page.getByRole('heading', { level: 2, name: 'レッスン一覧' })).toBeVisible();
    await expectLooksSame(page, 'course');

    await page.goto('/lineyahoo-marketing-skill-badge');
    await expect(page.getByRole('heading', { level: 1, name: 'マーケティングスキルバッジ' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'LINE広告 Basic' })).toBeVisible();
    await expectLooksSame(page, 'skill-badge-landing');
  });

  test('pages of the content studio: the course list, a course in the editor with a lesson and its preview, a question bank', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await openLoggedIn(browser, 'admin', '管理 花子');
    await page.goto('/admin/studio/courses');
    // Filtered to the pack's own courses: other specs add studio courses of LINE公式アカウント only.
    const filters = page.getByRole('search', { name: 'コースの絞り込み' });
    await filters.getByRole('combobox', { name: 'プログラム' }).selectOption('Y_ADS');
    await filters.getByRole('combobox', { name: '種類' }).selectOption('learning');
    await expect(page.getByRole('list', { name: 'コース' }).getByRole('listitem')).not.toHaveCount(0);
    await expectLooksSame(page, 'studio-courses');

    await page.getByRole('list', { name: 'コース' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'コースの編集' })).toBeVisible();
    await page.getByRole('list').filter({ has: page.getByRole('button', { name: /^1\. / }) }).getByRole('button', { name: /^1\. / }).click();
    await expect(page.getByRole('region', { name: 'プレビュー' }).getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAccessible(page);
    await expectLooksSame(page, 'studio-course-editor');

    // A bank no other spec edits, narrowed to one topic; then its item statistics.
    await page.goto('/admin/studio/questions/line-official-account-advanced');
    await page.getByRole('search', { name: '問題の絞り込み' }).getByRole('combobox', { name: '分野' }).selectOption('integration');
    await expect(page.getByRole('list', { name: '問題' }).getByRole('listitem').first()).toContainText('外部ツールとの連携');
    await expectAccessible(page);
    await expectLooksSame(page, 'studio-question-bank');

    // The figures depend on the exams other specs took: answered here with fixed ones, so the look is what is compared.
    await page.route('**/api/v1/admin/studio/certification-courses/line-official-account-advanced/item-statistics', (route) => route.fulfill({ json: ITEM_STATISTICS }));
    await page.goto('/admin/studio/questions/line-official-account-advanced/statistics?question=oa-adv-001');
    await expect(page.getByRole('table').getByRole('columnheader', { name: '正答率 (p)' })).toBeVisible();
    await expectAccessible(page);
    await expectLooksSame(page, 'studio-item-statistics');
  });

  test('pages of a learner: the exam, its result, the profile with the new badge, home with 続きから学ぶ', async ({ page }) => {
    test.setTimeout(240_000);
    // A brand-new learner each run: no history, no badge, no waiting time from an earlier attempt.
    const tag = `visual-${Date.now().toString(36)}`;
    await logInNewLearner(page, tag);

    // The exam asks for a profile first; the form starts from the provider's names.
    await page.goto(COURSE_PATH);
    await page.getByRole('link', { name: '受験する', exact: true }).click();
    await startExamRegisteringProfile(page, { lastName: 'シンキ', firstName: 'サクラ' });
    await expect(page).toHaveURL(new RegExp(`${CERTIFICATION_COURSE}/exam$`));
    await expect(page.getByRole('heading', { name: /^問1/ })).toBeVisible();
    await expectLooksSame(page, 'exam');

    const questions = await correctAnswersOfRunningExam(CERTIFICATION_COURSE, `demo-learner-new+${tag}`);
    for (const [index, question] of questions.entries()) {
      if (index > 0) await page.getByRole('button', { name: `問${index + 1}（未回答）` }).click();
      const group = page.getByRole('group', { name: question.prompt });
      for (const text of question.correct) await group.getByText(text, { exact: true }).click();
    }
    await page.getByRole('button', { name: '解答を送信する' }).click();
    await page.getByRole('region', { name: '解答を送信しますか？' }).getByRole('button', { name: '送信する' }).click();
    await expect(page.getByRole('heading', { name: '合格', exact: true })).toBeVisible({ timeout: 60_000 });
    // The certificate's notification, at the latest, makes the New badge appear.
    await unreadBadgeShown(page);
    await expectLooksSame(page, 'exam-result');

    await page.goto('/mypage/profile');
    await expect(page.getByRole('list', { name: '有効なバッジ' })).toBeVisible();
    await unreadBadgeShown(page);
    await expectLooksSame(page, 'profile');

    // 続きから学ぶ offers a course under way only (a lesson done): one lesson of a learning course.
    await page.goto('/line-ads/courses/line-ads-basics/lessons/performance-ads');
    await page.getByRole('button', { name: 'このレッスンを完了する' }).click();
    await expect(page.getByText('完了済み')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('region', { name: '続きから学ぶ' }).getByRole('link', { name: 'レッスンを再開する' })).toBeVisible();
    await unreadBadgeShown(page);
    // No other spec sees the learner's top page: its continue row is checked here too.
    await expectAccessible(page);
    await expectLooksSame(page, 'home-learner');
  });
});
