import { badgeExpiringText, credentialRevocationText, certificateIssuedText, examGradedText } from './personal-notification-texts';

describe('personal notification texts', () => {
  it('congratulates a pass and links to the result page', () => {
    const text = examGradedText({ courseSlug: 'line-ads-basic', courseLabel: 'LINE広告 Basic', passed: true, percent: 90, passPercent: 80 });
    expect(text).toMatchObject({ kind: 'exam-passed', link: '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-result' });
    expect(text.title).toContain('LINE広告 Basic');
    expect(text.body).toContain('90%');
  });

  it('tells a fail the score and the pass mark', () => {
    const text = examGradedText({ courseSlug: 'line-ads-basic', courseLabel: 'LINE広告 Basic', passed: false, percent: 40, passPercent: 80 });
    expect(text.kind).toBe('exam-failed');
    expect(text.body).toContain('40%');
    expect(text.body).toContain('80%');
  });

  it('links a new certificate to its page with the expiry date in Japanese', () => {
    const text = certificateIssuedText({ courseLabel: 'LINE広告 Basic', certificateSlug: '7QK2M9XD4T', expiresAt: new Date('2027-11-22T03:00:00Z') });
    expect(text).toMatchObject({ kind: 'certificate-issued', link: '/mypage/certificates/7QK2M9XD4T' });
    expect(text.body).toContain('2027年11月22日');
  });

  it('warns of an expiring badge with the course, the Tokyo date and a link to the course page, where 更新受験 is offered', () => {
    // 15:30 UTC on the 21st is already the 22nd in Tokyo.
    const text = badgeExpiringText({ courseSlug: 'line-ads-basic', courseLabel: 'LINE広告 Basic', expiresAt: new Date('2026-12-21T15:30:00Z') });
    expect(text).toMatchObject({ kind: 'badge-expiring', link: '/lineyahoo-marketing-skill-badge/courses/line-ads-basic' });
    expect(text.title).toBe('「LINE広告 Basic」のスキルバッジの有効期限が近づいています');
    expect(text.body).toContain('2026年12月22日');
    expect(text.body).toContain('コースページから更新受験ができます。');
  });

  it('tells of a revoked credential and of its restoration, with the admin’s reason and a link to the certificate', () => {
    const revoked = credentialRevocationText({ courseLabel: 'LINE広告 Basic', certificateSlug: '7QK2M9XD4T', revoked: true, reason: '不正受験が確認されたため' });
    expect(revoked).toMatchObject({ kind: 'credential-revoked', title: '「LINE広告 Basic」のデジタル認定証が取り消されました', link: '/mypage/certificates/7QK2M9XD4T' });
    expect(revoked.body).toContain('理由: 不正受験が確認されたため');
    const restored = credentialRevocationText({ courseLabel: 'LINE広告 Basic', certificateSlug: '7QK2M9XD4T', revoked: false, reason: '確認の結果、問題はありませんでした' });
    expect(restored).toMatchObject({ kind: 'credential-restored', link: '/mypage/certificates/7QK2M9XD4T' });
  });
});
