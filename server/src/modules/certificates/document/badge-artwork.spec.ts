import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pdfWordBoxes, poppler, withPdfFile } from '../../../testing/pdf-tools';
import { readBadgeArtwork } from './badge-artwork';
import { certificateContent } from './certificate-content';
import { CERTIFICATE_BADGE_BOX, renderCertificatePdf } from './render-certificate-pdf';

// The committed artwork (npm run badge-art) stands in for the built client: the build copies public/ as it is.
const CLIENT_PUBLIC = path.resolve(__dirname, '../../../../../client/public');
const PNG_SIGNATURE = '89504e470d0a1a0a';

/** Images on the PDF's page, as pdfimages lists them. */
const imagesIn = (pdf: Buffer): string[] =>
  withPdfFile(pdf, (file) => poppler('pdfimages', ['-list', file]))
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '');

const content = certificateContent({
  holderName: '山田 太郎',
  courseSlug: 'line-ads-basic',
  courseTitle: 'LINE広告 Basic',
  slug: '7QK2M9XD4T',
  issuedAt: new Date('2026-11-22T15:30:00Z'),
  expiresAt: new Date('2027-11-22T15:30:00Z'),
  publicOrigin: 'https://campus.example.jp',
  siteName: 'マーケティング学習キャンパス',
});

describe('readBadgeArtwork', () => {
  it('reads the PNG of each certification course from the client folder', () => {
    for (const slug of ['line-ads-basic', 'yahoo-ads-displayads-advanced']) {
      expect(readBadgeArtwork(CLIENT_PUBLIC, slug)?.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    }
  });

  it('gives any other slug the studio courses\' shared badge, so no other file is read', () => {
    const shared = readFileSync(path.join(CLIENT_PUBLIC, 'badges', 'skill-badge.png'));
    expect(readBadgeArtwork(CLIENT_PUBLIC, 'studio-made-exam')).toEqual(shared);
    expect(readBadgeArtwork(CLIENT_PUBLIC, '../favicon')).toEqual(shared);
    expect(readBadgeArtwork(CLIENT_PUBLIC, 'line-ads-basic')).not.toEqual(shared);
  });

  it('gives null when the client is not built here', () => {
    expect(readBadgeArtwork('/nonexistent-client-dist', 'line-ads-basic')).toBeNull();
  });
});

describe('certificate PDF with the badge', () => {
  it('draws the badge artwork when there is one, and still renders without it', async () => {
    const withBadge = await renderCertificatePdf(content, new Date('2026-11-22T15:30:00Z'), readBadgeArtwork(CLIENT_PUBLIC, 'line-ads-basic'));
    const without = await renderCertificatePdf(content, new Date('2026-11-22T15:30:00Z'), null);
    // pdfkit stores a PNG with transparency as the image plus its alpha mask.
    expect(imagesIn(withBadge).length).toBeGreaterThanOrEqual(1);
    expect(imagesIn(without)).toHaveLength(0);
  });

  it('covers no printed word, with the longest course label and a long name', async () => {
    const longest = certificateContent({
      holderName: '長谷川部 五十嵐之介左衛門',
      courseSlug: 'yahoo-ads-displayads-advanced',
      courseTitle: 'Yahoo!広告 ディスプレイ広告 Advanced',
      slug: '7QK2M9XD4T',
      issuedAt: new Date('2026-11-22T15:30:00Z'),
      expiresAt: new Date('2027-11-22T15:30:00Z'),
      publicOrigin: 'https://campus.example.jp',
      siteName: 'マーケティング学習キャンパス',
    });
    const badge = CERTIFICATE_BADGE_BOX;
    for (const printed of [content, longest]) {
      const words = withPdfFile(await renderCertificatePdf(printed, new Date('2026-11-22T15:30:00Z'), null), pdfWordBoxes);
      // The verification sentence, the line the badge once covered, is among the words checked.
      expect(words.map((box) => box.text).join('')).toContain('この認定証が本物かどうかは');
      const covered = words.filter(
        (box) => box.xMin < badge.x + badge.size && box.xMax > badge.x && box.yMin < badge.y + badge.size && box.yMax > badge.y,
      );
      expect(covered).toEqual([]);
    }
  });
});
