import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, logInNewLearner, openLoggedIn, watchConsole } from './support';

const VIDEO_COURSES = fileURLToPath(new URL('../../server/content/video-courses', import.meta.url));
const firstVideo = () => {
  const entry = readdirSync(VIDEO_COURSES, { withFileTypes: true, recursive: true }).find((item) => item.isFile() && item.name.endsWith('.mp4'))!;
  return readFileSync(path.join(entry.parentPath, entry.name));
};
const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:02.000\nスタジオで作った動画の字幕です。\n\n00:02.000 --> 00:04.000\n配信の基本を確認しましょう。\n';

/** A one-page PDF printed by the browser itself: a real file from someone else's PDF writer. */
async function printedPdf(page: Page): Promise<Buffer> {
  const printer = await page.context().newPage();
  await printer.setContent('<h1>スタジオのスライド</h1><p>1 枚目</p>');
  const pdf = await printer.pdf({ format: 'A4', landscape: true });
  await printer.close();
  return pdf;
}

test.describe('content studio: courses and lessons', () => {
  test('an admin writes a course with text, slide and video lessons, previews and publishes it; a new learner reads it', async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await openLoggedIn(browser, 'admin', '管理 花子');
    const problems = watchConsole(admin);
    const slug = `studio-e2e-${Date.now().toString(36)}`;
    const title = `スタジオで作ったコース ${slug.slice(-5)}`;

    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: '運営コンソール' }).getByRole('link', { name: 'コンテンツスタジオ' }).click();
    await admin.getByRole('link', { name: /コースとレッスン/ }).click();
    await expect(admin.getByRole('heading', { name: 'コースとレッスン', level: 1 })).toBeVisible();
    await expectAccessible(admin);
    const form = admin.getByRole('form', { name: '新しいコース' });
    await form.getByLabel('コース名').fill(title);
    await form.getByLabel(/^スラッグ/).fill('Not A Slug');
    await form.getByRole('button', { name: '下書きを作成' }).click();
    await expect(form.getByText('スラッグは半角英小文字・数字・ハイフンで入力してください')).toBeVisible();
    await form.getByLabel(/^スラッグ/).fill(slug);
    await form.getByRole('button', { name: '下書きを作成' }).click();

    await expect(admin.getByRole('heading', { name: 'コースの編集', level: 1 })).toBeVisible();
    await admin.getByLabel(/^概要/).fill('スタジオの動作を確かめるためのコースです。');
    await admin.getByRole('checkbox', { name: 'はじめる' }).check();
    // A thumbnail: a picture the browser took itself, made into the card's sizes by the server.
    const picture = await admin.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 800, height: 600 } });
    await admin.getByLabel(/^サムネイル画像/).setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: picture });
    await expect(admin.getByRole('img', { name: 'サムネイル画像のプレビュー' })).toBeVisible();

    // A text lesson, previewed as the lesson page draws it.
    await admin.getByRole('button', { name: 'テキストレッスンを追加' }).click();
    await admin.getByLabel('レッスン名').fill('配信の基本');
    await admin.getByLabel('本文（Markdown）').fill('## 配信の前に\n\n- 配信の目的を決める\n- 対象を決める\n\n<script>alert(1)</script>');
    const preview = admin.getByRole('region', { name: 'プレビュー' });
    await expect(preview.getByRole('heading', { name: '配信の前に' })).toBeVisible();
    await expect(preview.getByText('<script>alert(1)</script>')).toBeVisible();

    // A slide lesson: a file that is not a PDF is refused, a PDF is taken and its first page shown.
    await admin.getByRole('button', { name: 'スライドレッスンを追加' }).click();
    await admin.getByLabel('レッスン名').fill('スライドで確認');
    await admin.getByLabel(/^スライド（PDF/).setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('PDF ではありません') });
    await expect(admin.getByText('スライドの PDFではありません（PDF ファイルを選んでください）')).toBeVisible();
    await admin.getByLabel(/^スライド（PDF/).setInputFiles({ name: 'deck.pdf', mimeType: 'application/pdf', buffer: await printedPdf(admin) });
    await expect(admin.getByText(/^登録済み: .+\.pdf$/)).toBeVisible();

    // A video lesson cannot go live without captions.
    await admin.getByRole('button', { name: '動画レッスンを追加' }).click();
    await admin.getByLabel('レッスン名').fill('動画で確認');
    await admin.getByLabel(/^動画（MP4/).setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: firstVideo() });
    await expect(admin.getByText(/^登録済み: .+\.mp4$/)).toBeVisible();
    await admin.getByLabel(/^文字起こし/).fill('スタジオで作った動画の字幕です。配信の基本を確認しましょう。');
    await admin.getByRole('button', { name: '公開する' }).click();
    // Refused, and said at the captions field itself (its description), the draft kept.
    await expect(admin.getByLabel(/^字幕（WebVTT/)).toHaveAccessibleDescription(/字幕ファイル（WebVTT）をアップロードしてください/);
    await admin.getByLabel(/^字幕（WebVTT/).setInputFiles({ name: 'clip.vtt', mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\n00:05.000 --> 00:01.000\n逆\n') });
    await expect(admin.getByLabel(/^字幕（WebVTT/)).toHaveAccessibleDescription(/3 行目: 終了時刻は開始時刻より後にしてください/);
    await admin.getByLabel(/^字幕（WebVTT/).setInputFiles({ name: 'clip.vtt', mimeType: 'text/vtt', buffer: Buffer.from(CAPTIONS) });
    await expect(admin.getByText(/^登録済み: .+\.vtt$/)).toBeVisible();

    // Reordered by keyboard: the video moves up above the slides.
    await admin.getByRole('button', { name: '「動画で確認」を上へ' }).focus();
    await admin.keyboard.press('Enter');
    await expect(admin.getByRole('list').filter({ hasText: '配信の基本' }).getByRole('listitem').nth(1)).toContainText('動画で確認');
    await admin.getByRole('button', { name: '下書きを保存' }).click();
    await expect(admin.getByText('下書きを保存しました。')).toBeVisible();
    await expectAccessible(admin);

    // Preview as a learner, unpublished.
    await admin.getByRole('link', { name: '受講者として確認' }).click();
    // The course page as learners will get it, then its first lesson.
    await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(admin.getByText('受講者として確認しています（未公開の下書き）。')).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('region', { name: 'レッスン一覧' }).getByRole('link', { name: /配信の基本/ }).click();
    await expect(admin.getByRole('heading', { name: '受講者として確認（未公開）' })).toBeVisible();
    await expect(admin.getByRole('heading', { name: '配信の基本' })).toBeVisible();
    await admin.getByRole('link', { name: /^次のレッスン/ }).click();
    await expect(admin.getByRole('heading', { name: '動画で確認' })).toBeVisible();
    await admin.getByRole('link', { name: '編集に戻る' }).click();

    await admin.getByRole('button', { name: '公開する' }).click();
    await expect(admin.getByText('コースを公開しました。')).toBeVisible();
    // The refusals above were asked for; the browser logs each 400 it received.
    expect(problems.filter((problem) => !/status of 400 .*\/api\/v1\/admin\/studio\//.test(problem))).toEqual([]);
    expect(problems).toHaveLength(4);

    // A brand-new learner finds it on the program's course list and reads each lesson.
    const learner = await (await browser.newContext()).newPage();
    await logInNewLearner(learner, `studio-${Date.now().toString(36)}`);
    await learner.goto('/line-official-account');
    const card = learner.getByRole('article').filter({ has: learner.getByRole('link', { name: title }) });
    await card.scrollIntoViewIfNeeded();
    // The uploaded thumbnail, not the programme's plain colour.
    await expect.poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await learner.getByRole('link', { name: title }).click();
    await expect(learner.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await learner.getByRole('link', { name: /配信の基本/ }).first().click();
    await expect(learner.getByRole('heading', { name: '配信の前に' })).toBeVisible();
    await learner.goBack();
    await learner.getByRole('link', { name: /動画で確認/ }).first().click();
    await expect(learner.locator('video')).toBeVisible();
    // The uploaded captions play with it, shown from the start.
    const track = learner.locator('video track[kind="captions"]');
    await expect.poll(() => track.evaluate((element: HTMLTrackElement) => `${element.readyState}:${element.track.mode}:${element.track.cues?.length ?? 0}`)).toBe('2:showing:2');
    await learner.getByText('文字起こしを表示').click();
    await expect(learner.getByText('スタジオで作った動画の字幕です。配信の基本を確認しましょう。')).toBeVisible();

    // Taken down again: learners' lists and pages no longer have it (and the other specs' pages stay as they were).
    await admin.getByRole('button', { name: '非公開にする' }).click();
    await expect(admin.getByText('コースを非公開にしました。')).toBeVisible();
    await learner.goto('/line-official-account');
    await expect(learner.getByRole('heading', { level: 1, name: 'LINE公式アカウントを学ぶ' })).toBeVisible();
    await expect(learner.getByRole('link', { name: title })).toHaveCount(0);
  });
});
