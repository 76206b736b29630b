import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pdfWordBoxes, poppler } from '../../../testing/pdf-tools.js';
import { renderSlideDeckPdf } from './render-slide-deck.js';

const DECK = {
  title: '友だちを増やす基本',
  slides: [
    '# 友だち追加の経路\n- 店頭に置く**QRコード**\n- ウェブサイトの追加ボタン\n\n経路ごとに数字を見ましょう。',
    '# あいさつメッセージ\n* 最初の印象を決める\n* 配信の頻度を予告する',
    '# まとめ\n1. 経路を増やす\n2. 数字を見て改善する',
  ],
};

const LONG_BULLET =
  '友だち追加の経路を増やすためには、店舗のレジ横にQRコードを設置し、レシートやショップカードにも印刷して、' +
  '来店したお客様が自然に登録できる導線を作ることが大切です。さらにウェブサイトやSNSのプロフィールからも誘導し、' +
  '経路ごとの友だち追加数を毎月の分析画面で確かめて、効果の高い経路に力を入れていきましょう。';

let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'slide-deck-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function writePdf(name: string, pdf: Buffer): string {
  const file = path.join(workDir, name);
  writeFileSync(file, pdf);
  return file;
}

/** Text without the whitespace pdftotext puts between lines and words. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('renderSlideDeckPdf', () => {
  it('renders one 16:9 page per slide with extractable Japanese text in an embedded font', async () => {
    const pdf = await renderSlideDeckPdf(DECK);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pageObjects = pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? [];
    expect(pageObjects).toHaveLength(3);

    const file = writePdf('deck.pdf', pdf);
    const info = poppler('pdfinfo', [file]);
    expect(info).toMatch(/^Pages:\s+3$/m);
    expect(info).toMatch(/^Page size:\s+960 x 540 pts/m);

    const text = poppler('pdftotext', [file, '-']);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages).toHaveLength(3);
    expect(squeeze(pages[0])).toContain('友だち追加の経路');
    expect(squeeze(pages[0])).toContain('店頭に置くQRコード'); // bold markers dropped
    expect(squeeze(pages[0])).not.toContain('**');
    expect(squeeze(pages[0])).toContain('経路ごとに数字を見ましょう。');
    expect(squeeze(pages[1])).toContain('あいさつメッセージ');
    expect(squeeze(pages[1])).toContain('配信の頻度を予告する');
    expect(squeeze(pages[2])).toContain('まとめ');
    expect(squeeze(pages[2])).toContain('数字を見て改善する');
    // The footer: deck title and page numbers.
    expect(squeeze(pages[0])).toContain(squeeze(DECK.title));
    expect(squeeze(pages[0])).toContain('1/3');
    expect(squeeze(pages[2])).toContain('3/3');

    const fonts = poppler('pdffonts', [file]).split('\n').slice(2).filter((line) => line.trim() !== '');
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font).toContain('NotoSansJP');
      // Columns: name type encoding emb sub uni object-id.
      expect(font).toMatch(/\byes\s+yes\s+yes\s+\d+\s+\d+\s*$/);
    }
  });

  it('gives byte-identical output for the same deck, whatever the clock says', async () => {
    jest.useFakeTimers({
      now: new Date('2031-05-05T12:34:56Z'),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    let first: Buffer;
    try {
      first = await renderSlideDeckPdf(DECK);
    } finally {
      jest.useRealTimers();
    }
    const second = await renderSlideDeckPdf(DECK);
    expect(second.equals(first)).toBe(true);
  });

  it('gives different bytes for a different deck', async () => {
    const base = await renderSlideDeckPdf(DECK);
    const otherSlide = await renderSlideDeckPdf({ ...DECK, slides: [...DECK.slides.slice(0, 2), '# まとめ\n- 経路を増やす'] });
    const otherTitle = await renderSlideDeckPdf({ ...DECK, title: '友だちを増やす応用' });
    expect(otherSlide.equals(base)).toBe(false);
    expect(otherTitle.equals(base)).toBe(false);
  });

  it('wraps a very long Japanese bullet inside the margins without losing characters', async () => {
    const pdf = await renderSlideDeckPdf({ title: '長い箇条書き', slides: [`# 経路を増やす\n- ${LONG_BULLET}\n- 短い項目`] });
    const file = writePdf('long.pdf', pdf);

    expect(squeeze(poppler('pdftotext', [file, '-']))).toContain(squeeze(LONG_BULLET));

    const boxes = pdfWordBoxes(file);
    expect(new Set(boxes.map((box) => box.page))).toEqual(new Set([1]));
    for (const box of boxes) {
      expect(box.xMin).toBeGreaterThanOrEqual(0);
      expect(box.xMax).toBeLessThanOrEqual(box.pageWidth - 48);
      expect(box.yMax).toBeLessThanOrEqual(box.pageHeight);
    }
    // The bullet spans several lines, all starting at the same hanging indent.
    const bulletLines = boxes.filter((box) => box.text.length > 12 && LONG_BULLET.includes(box.text));
    expect(bulletLines.length).toBeGreaterThanOrEqual(3);
    expect(new Set(bulletLines.map((box) => box.xMin.toFixed(1))).size).toBe(1);
  });

  it('keeps an overfull slide on its own page', async () => {
    const crowded = Array.from({ length: 14 }, (_, index) => `- 項目${index + 1}：${LONG_BULLET.slice(0, 60)}`).join('\n');
    const pdf = await renderSlideDeckPdf({ title: 'あふれるスライド', slides: ['# 一枚目\n- 普通の項目', `# 二枚目\n${crowded}`] });
    const file = writePdf('crowded.pdf', pdf);

    expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
    const boxes = pdfWordBoxes(file);
    for (const box of boxes) {
      expect(box.xMax).toBeLessThanOrEqual(box.pageWidth);
      expect(box.yMax).toBeLessThanOrEqual(box.pageHeight);
    }
    const secondPage = squeeze(poppler('pdftotext', ['-f', '2', '-l', '2', file, '-']));
    expect(secondPage).toContain('二枚目');
    expect(secondPage).toContain('項目1：');
    expect(secondPage).toContain('2/2');
  });

  it('rejects a deck without slides', async () => {
    await expect(renderSlideDeckPdf({ title: '空', slides: [] })).rejects.toThrow(/no slides/);
  });
});
