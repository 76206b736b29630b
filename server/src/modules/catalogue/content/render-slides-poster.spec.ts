import sharp from 'sharp';
import { renderSlideDeckPdf } from './render-slide-deck';
import { POSTER_WIDTH, renderSlidesPoster } from './render-slides-poster';

describe('renderSlidesPoster', () => {
  it("draws the deck's first page as a WebP of the poster width, in the page's proportions, with the deck's page count", async () => {
    const pdf = await renderSlideDeckPdf({ title: '配信の基本', slides: ['# 配信の基本\n- あいさつメッセージ', '# 二枚目', '# 三枚目'] });

    const poster = await renderSlidesPoster(pdf);

    expect(poster).toMatchObject({ width: POSTER_WIDTH, height: 720, pageCount: 3 });
    const metadata = await sharp(poster.image).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: POSTER_WIDTH, height: 720 });
    // Drawn, not blank: the dark heading band and the text are there on the white page.
    const { channels } = await sharp(poster.image).stats();
    expect(channels[0]!.min).toBeLessThan(60);
    expect(channels[0]!.max).toBeGreaterThan(240);
  });

  it('rejects bytes that are not a PDF, so the import stops instead of keeping a broken picture', async () => {
    await expect(renderSlidesPoster(Buffer.from('PDF ではありません'))).rejects.toThrow();
  });
});
