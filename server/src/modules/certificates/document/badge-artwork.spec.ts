import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readBadgeArtwork } from './badge-artwork';
import { certificateContent } from './certificate-content';
import { renderCertificatePdf } from './render-certificate-pdf';

// The committed artwork (npm run badge-art) stands in for the built client: the build copies public/ as it is.
const CLIENT_PUBLIC = path.resolve(__dirname, '../../../../../client/public');
const PNG_SIGNATURE = '89504e470d0a1a0a';

/** Images on the PDF's page, as poppler's pdfimages lists them (installed with pdftotext). */
function imagesIn(pdf: Buffer): string[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'badge-artwork-spec-'));
  try {
    writeFileSync(path.join(folder, 'c.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', path.join(folder, 'c.pdf')], { encoding: 'utf8' });
    return list.split('\n').slice(2).filter((line) => line.trim() !== '');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

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

  it('gives null for a slug that is not a certification course, so no other file is read', () => {
    expect(readBadgeArtwork(CLIENT_PUBLIC, '../favicon')).toBeNull();
    expect(readBadgeArtwork(CLIENT_PUBLIC, 'oa-getting-started')).toBeNull();
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
});
