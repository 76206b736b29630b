import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, layoutShiftsOf, logInAtProvider, watchConsole, watchLayoutShifts } from './support';

/** What the page reported to the tag manager's queue (the e2e campus has a tag manager configured). */
const reported = (page: Page, event: string) =>
  page.evaluate((name) => ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter((entry) => entry.event === name).length, event);

const logInAsDemoLearner = async (page: Page) => {
  await page.getByRole('link', { name: 'ログイン', exact: true }).first().click();
  await logInAtProvider(page, 'learner');
  await expect(page.getByText('山田 太郎さん')).toBeVisible();
};

test.describe('lessons', () => {
  test('a slide lesson pages with buttons and arrow keys, goes fullscreen and back with Escape, and reports the last slide once', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/line-ads/courses/line-ads-basics/lessons/account-structure');
    const viewer = page.getByRole('region', { name: /^スライド/ });
    const previous = viewer.getByRole('button', { name: '前へ' });
    const next = viewer.getByRole('button', { name: '次へ' });
    await expect(viewer.getByText(/^1 \/ \d+$/)).toBeVisible();
    const pageCount = Number((await viewer.getByText(/^1 \/ \d+$/).textContent())!.split('/')[1]);
    expect(pageCount).toBeGreaterThan(2);
    await expect(previous).toBeDisabled();
    // The first slide is the import's picture of it: pdf.js is not loaded until the learner pages.
    await expect(viewer.locator('img.pdf-viewer__poster')).toHaveJSProperty('complete', true);
    expect(await viewer.locator('img.pdf-viewer__poster').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1280);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/pdf(\.worker)?[-.][\w-]*\.m?js$/.test(new URL(entry.name).pathname)))).toBe(false);
    await expect(viewer.locator('canvas')).toBeHidden();

    await next.click();
    await expect(viewer.getByText(`2 / ${pageCount}`)).toBeVisible();
    // pdf.js (and its worker) drew the slide: the canvas holds more than blank white.
    const inkedPixels = () =>
      viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) return 0;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let inked = 0;
        for (let at = 0; at < data.length; at += 4) if (data[at]! < 200 || data[at + 1]! < 200 || data[at + 2]! < 200) inked += 1;
        return inked;
      });
    await expect.poll(inkedPixels).toBeGreaterThan(1000);
    await expect(viewer.locator('img.pdf-viewer__poster')).toHaveCount(0);

    await viewer.focus();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`3 / ${pageCount}`)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(`2 / ${pageCount}`)).toBeVisible();

    await viewer.getByRole('button', { name: '全画面表示' }).click();
    await expect(viewer.getByRole('button', { name: '全画面表示を終了' })).toHaveAttribute('aria-pressed', 'true');
    await viewer.focus();
    await page.keyboard.press('Escape');
    await expect(viewer.getByRole('button', { name: '全画面表示' })).toHaveAttribute('aria-pressed', 'false');

    expect(await reported(page, 'lesson_slide_end')).toBe(0);
    for (let at = 2; at < pageCount; at += 1) await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`${pageCount} / ${pageCount}`)).toBeVisible();
    await expect(next).toBeDisabled();
    await expect.poll(() => reported(page, 'lesson_slide_end')).toBe(1);
    // Back and to the end again: still once.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`${pageCount} / ${pageCount}`)).toBeVisible();
    expect(await reported(page, 'lesson_slide_end')).toBe(1);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px a slide lesson moves nothing when its first slide comes: the stage holds the slide's room (no layout shift)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await watchLayoutShifts(page);
      await page.goto('/line-ads/courses/line-ads-basics/lessons/account-structure');
      const viewer = page.getByRole('region', { name: /^スライド/ });
      await expect(viewer.getByRole('img', { name: /^1枚目のスライド（全\d+枚）$/ })).toBeVisible();
      await expect(viewer.locator('.pdf-viewer__stage')).toHaveAttribute('aria-busy', 'false');
      // Phones start enlarged (拡大表示): the room kept was the enlarged slide's.
      if (width < 600) await expect(viewer.getByRole('group', { name: '拡大したスライド（横にスクロールできます）' })).toBeVisible();
      expect(await layoutShiftsOf(page)).toEqual([]);
    });
  }

  test('a video lesson plays through the download proxy and seeks with range requests', async ({ page }) => {
    const ranges: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/download')) ranges.push(response.status());
    });
    await page.goto('/learn-with-video/yahoo-ads/courses/search-ads-quick-start/lessons/campaign-setup');
    const video = page.locator('video');
    await expect(video).toBeVisible();
    const state = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      // Playing through the proxy (not only the first frame), then seek.
      while (element.currentTime === 0) await new Promise((resolve) => element.addEventListener('timeupdate', resolve, { once: true }));
      element.currentTime = Math.min(8, element.duration - 1);
      await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
      return { currentTime: element.currentTime, duration: element.duration, error: element.error?.code ?? null };
    });
    expect(state.error).toBeNull();
    expect(state.duration).toBeGreaterThan(8);
    expect(state.currentTime).toBeGreaterThanOrEqual(7.5);
    expect(ranges).toContain(206);
    await expectAccessible(page);
  });

  test('a video lesson shows its Japanese captions from the start and the words of the video under it', async ({ page }) => {
    await page.goto('/learn-with-video/yahoo-ads/courses/search-ads-quick-start/lessons/campaign-setup');
    const track = page.locator('video track[kind="captions"]');
    await expect(track).toHaveAttribute('srclang', 'ja');
    // Loaded (readyState 2) and shown, through the download proxy as WebVTT.
    await expect.poll(() => track.evaluate((element: HTMLTrackElement) => `${element.readyState}:${element.track.mode}:${element.track.cues?.length ?? 0}`)).toMatch(/^2:showing:[1-9]/);
    const captions = await page.request.get((await track.getAttribute('src'))!);
    expect(captions.headers()['content-type']).toMatch(/^text\/vtt/);
    expect(await captions.text()).toMatch(/^WEBVTT/);
    const { violations, incomplete } = await new AxeBuilder({ page }).withRules(['video-caption']).analyze();
    expect([...violations, ...incomplete].map((result) => result.id)).toEqual([]);
    await page.getByText('文字起こしを表示').click();
    await expect(page.locator('.lesson-video__transcript-text')).toContainText('検索広告');
  });

  test('completing every lesson of a course opens the review, which needs a star and at most 1000 characters', async ({ page }) => {
    await page.goto('/line-official-account/courses/oa-store-use-seminar/lessons/oa-store-use-seminar');
    await logInAsDemoLearner(page);
    await page.getByRole('button', { name: 'このレッスンを完了する' }).click();

    const popup = page.getByRole('alertdialog', { name: 'コースの評価' });
    await expect(popup).toBeVisible();
    const submit = popup.getByRole('button', { name: '送信する' });
    await expect(submit).toBeDisabled();
    // The learner clicks the star (the radio itself is visually hidden under it).
    await popup.locator('label').filter({ hasText: '4つ星' }).click();
    await expect(popup.getByRole('radio', { name: '4つ星' })).toBeChecked();
    await expect(submit).toBeEnabled();
    const text = popup.getByLabel('ご意見・ご感想（任意）');
    await text.fill('学'.repeat(1001));
    await expect(popup.getByRole('alert')).toContainText('1000文字以内で入力してください');
    await expect(submit).toBeDisabled();
    await text.fill('学'.repeat(1000));
    await expect(popup.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);
    await submit.click();
    await expect(popup).toBeHidden();
    await expect(page.getByText('ご評価ありがとうございました。')).toBeVisible();

    // Done once: after a reload the lesson is complete and nothing asks again.
    await page.reload();
    await expect(page.getByText('完了済み')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    const again = await page.request.put('/api/v1/seminar-courses/oa-store-use-seminar/lesson/mark-as-completed', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect((await again.json()).feedbackPopupType).toBeNull();
  });

  test('a visitor opening a logged-in-only lesson is asked to log in', async ({ page }) => {
    await page.goto('/line-ads/courses/targeting-and-audiences/lessons/custom-audiences');
    const popup = page.getByRole('alertdialog', { name: 'ログインしますか？' });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'キャンセル' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
