import { formatJapaneseDate } from '../../../contracts/tokyo-date';
import { poppler, withPdfFile } from '../../../testing/pdf-tools';
import { certificateContent, levelOf } from './certificate-content';
import { renderCertificatePdf } from './render-certificate-pdf';

const input = {
  holderName: '山田 太郎',
  courseSlug: 'line-ads-basic',
  courseTitle: 'LINE広告 Basic 認定コース',
  slug: '7QK2M9XD4T',
  // 23:30 in UTC is already the next day in Tokyo.
  issuedAt: new Date('2026-11-22T15:30:00Z'),
  expiresAt: new Date('2027-11-22T15:30:00Z'),
  publicOrigin: 'https://campus.example.jp',
  siteName: 'マーケティング学習キャンパス',
};

describe('formatJapaneseDate', () => {
  it('writes the Tokyo calendar day as YYYY年M月D日', () => {
    expect(formatJapaneseDate(new Date('2026-11-22T15:30:00Z'))).toBe('2026年11月23日');
    expect(formatJapaneseDate(new Date('2026-01-05T00:00:00Z'))).toBe('2026年1月5日');
  });
});

describe('certificate content', () => {
  it('prints the course label, level, Japanese dates, number and verification address', () => {
    const content = certificateContent(input);
    expect(content).toMatchObject({
      holderName: '山田 太郎',
      courseLabel: 'LINE広告 Basic',
      levelLabel: 'Basic',
      issuedOn: '2026年11月23日',
      expiresOn: '2027年11月23日',
      certificateNumber: '7QK2M9XD4T',
      verificationUrl: 'https://campus.example.jp/certificates/verify/7QK2M9XD4T',
      issuer: 'マーケティング学習キャンパス',
    });
    expect(content.statement).toContain('LINE広告 Basic');
    expect(levelOf('yahoo-ads-searchads-advanced')).toBe('ADVANCED');
    expect(certificateContent({ ...input, courseSlug: 'line-ads-advanced' }).levelLabel).toBe('Advanced');
  });

  it('renders one PDF page whose text can be extracted', async () => {
    const pdf = await renderCertificatePdf(certificateContent(input), input.issuedAt);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = withPdfFile(pdf, (file) => poppler('pdftotext', ['-enc', 'UTF-8', file, '-']));
    for (const expected of ['山田 太郎', 'LINE広告 Basic', '2026年11月23日', '2027年11月23日', '7QK2M9XD4T', 'https://campus.example.jp/certificates/verify/7QK2M9XD4T']) {
      expect(text).toContain(expected);
    }
    // The site's words (certificate-facts): the learner compares the paper with the page.
    expect(text).toMatch(/取得日\s+2026年11月23日/);
    expect(text).toMatch(/有効期限\s+2027年11月23日/);
    expect(text).toMatch(/認定証番号\s+7QK2M9XD4T/);
    for (const word of ['発行日', '証明書番号']) expect(text).not.toContain(word);
    // The verification page (which links the Open Badges credential) is a link a reader can click.
    expect(text).toContain('デジタル認定証（Open Badges 3.0）');
    expect(pdf.toString('latin1')).toMatch(/\/URI \(https:\/\/campus\.example\.jp\/certificates\/verify\/7QK2M9XD4T\)/);
  });
});
