import { badgeExpiringMail, certificateIssuedMail, credentialRevokedMail } from './mail-texts';

const BASE = { siteName: 'マーケティング学習キャンパス', holderName: '山田 <太郎>' };

describe('mail texts', () => {
  it('says the same in the text and the HTML part, with every link, and escapes what it is given', () => {
    const mail = certificateIssuedMail({
      ...BASE,
      courseLabel: 'LINE広告 Basic',
      certificateSlug: '7QK2M9XD4T',
      issuedAt: new Date('2026-11-22T15:30:00Z'),
      expiresAt: new Date('2027-11-22T15:30:00Z'),
      certificateUrl: 'https://campus.example.jp/mypage/certificates/7QK2M9XD4T',
      verificationUrl: 'https://campus.example.jp/certificates/verify/7QK2M9XD4T',
      linkedInUrl: 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=a&b=c',
    });
    expect(mail.subject).toBe('【マーケティング学習キャンパス】「LINE広告 Basic」の認定証を発行しました');
    // The dates as printed in Japan (the issue day is the 23rd there).
    expect(mail.text).toContain('発行日: 2026年11月23日');
    for (const url of ['https://campus.example.jp/mypage/certificates/7QK2M9XD4T', 'https://campus.example.jp/certificates/verify/7QK2M9XD4T']) {
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${url}"`);
    }
    expect(mail.html).toContain('href="https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&#38;name=a&#38;b=c"');
    expect(mail.html).toContain('山田 &#60;太郎&#62; 様');
    expect(mail.html).not.toContain('<太郎>');
    expect(mail.html).not.toMatch(/<img\b|<script\b/);
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
  });

  it('ends the reminder and the revocation with their unsubscribe link, and the revocation names its reason and a contact', () => {
    const unsubscribeUrl = 'https://campus.example.jp/mail/unsubscribe?token=abc.def';
    const reminder = badgeExpiringMail({ ...BASE, courseLabel: 'LINE広告 Advanced', expiresAt: new Date('2026-12-20T00:00:00Z'), renewalUrl: 'https://campus.example.jp/lineyahoo-marketing-skill-badge/courses/line-ads-advanced', unsubscribeUrl });
    expect(reminder.text.trimEnd().endsWith(unsubscribeUrl)).toBe(true);
    expect(reminder.text).toContain('有効期限は 2026年12月20日');
    const revoked = credentialRevokedMail({ ...BASE, courseLabel: 'LINE広告 Basic', certificateSlug: '7QK2M9XD4T', categoryLabel: '誤発行', certificateUrl: 'https://campus.example.jp/mypage/certificates/7QK2M9XD4T', contact: 'credentials@campus.example.jp', unsubscribeUrl });
    expect(revoked.text).toContain('理由: 誤発行');
    expect(revoked.text).toContain('credentials@campus.example.jp');
    expect(revoked.html).toContain(`<a href="${unsubscribeUrl}" style="color:#0b5cad">配信を停止する</a>`);
  });
});
