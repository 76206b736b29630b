import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appShown } from './support';

interface HeadingLines {
  text: string;
  /** The text of each rendered line, top to bottom. */
  lines: string[];
  /** Offsets into `text` where the heading may break: its <wbr>s, and after white space. */
  breaks: number[];
}

/**
 * How the browser laid a heading out: each character's box (Range.getClientRects) says which
 * line it is on, and the heading's <wbr>s say where it was allowed to break.
 */
function headingLines(heading: Locator): Promise<HeadingLines> {
  return heading.evaluate((element) => {
    let text = '';
    const breaks: number[] = [];
    const tops: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof HTMLElement && node.localName === 'wbr') breaks.push(text.length);
      if (!(node instanceof Text)) continue;
      const range = document.createRange();
      for (let offset = 0; offset < node.data.length; offset += 1) {
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        const box = range.getClientRects()[0];
        text += node.data[offset];
        if (/\s/.test(node.data[offset]!)) breaks.push(text.length);
        tops.push(box ? box.top : Number.NaN);
      }
    }
    const lines: string[] = [];
    let lineTop = Number.NEGATIVE_INFINITY;
    [...text].forEach((char, index) => {
      const top = tops[index]!;
      // A new line starts well below the last one (half a line: not a baseline shift of a glyph).
      if (lines.length === 0 || top - lineTop > 8) {
        lines.push(char);
        lineTop = top;
      } else {
        lines[lines.length - 1] += char;
      }
    });
    return { text, lines, breaks };
  });
}

/** Every line of every heading and card title on the page starts at one of its break opportunities. */
async function expectPhraseBreaks(page: Page): Promise<number> {
  const headings = page.locator('main :is(h1, h2, h3)');
  await expect(headings.first()).toBeVisible();
  let wrapped = 0;
  for (const heading of await headings.all()) {
    if (!(await heading.isVisible())) continue;
    const { text, lines, breaks } = await headingLines(heading);
    let start = 0;
    for (const line of lines.slice(0, -1)) {
      start += line.length;
      expect(breaks, `「${text}」 breaks after 「${text.slice(0, start)}」`).toContain(start);
    }
    if (lines.length > 1) wrapped += 1;
  }
  return wrapped;
}

/** The content pack's campaign title (server/content/campaign.yaml). */
const CAMPAIGN_TITLE = /^title: (.+)$/m.exec(readFileSync(path.join(import.meta.dirname, '../../server/content/campaign.yaml'), 'utf8'))![1]!;

test.describe('headings on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top page heading and the campaign heading break between phrases, not inside a word', async ({ page }) => {
    // The content's campaign runs for a season only; this test is about its heading, so it is shown whatever today is.
    const today = new Date().toISOString().slice(0, 10);
    await page.route('**/api/v1/campaign', (route) =>
      route.fulfill({ json: { title: CAMPAIGN_TITLE, body: 'キャンペーンの説明です。', startsOn: today, endsOn: today, link: '/lineyahoo-marketing-skill-badge' } }),
    );
    await page.goto('/');
    await appShown(page);

    const home = await headingLines(page.getByRole('heading', { level: 1, name: 'マーケティングを、無料で学ぼう' }));
    expect(home.lines).toEqual(['マーケティングを、無料で', '学ぼう']);

    const campaign = await headingLines(page.getByRole('heading', { name: CAMPAIGN_TITLE }));
    expect(campaign.lines.length).toBeGreaterThan(1);
    expect(campaign.lines.join('')).toBe(CAMPAIGN_TITLE);
    expect(campaign.lines.at(-1)).toMatch(/キャンペーン$/);
    expect(campaign.lines.some((line) => line.endsWith('キャンペ'))).toBe(false);

    // Every other heading and course card title of the page, too.
    expect(await expectPhraseBreaks(page)).toBeGreaterThan(2);
  });

  test('a course list and a course page break their titles between phrases', async ({ page }) => {
    await page.goto('/line-official-account');
    await expect(page.getByRole('region', { name: 'コース一覧' }).getByRole('article').first()).toBeVisible();
    await expectPhraseBreaks(page);
    await page.goto('/line-official-account/courses/oa-getting-started');
    await expect(page.getByRole('heading', { name: 'レッスン一覧' })).toBeVisible();
    await expectPhraseBreaks(page);
  });
});
