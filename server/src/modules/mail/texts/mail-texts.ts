import { formatJapaneseDate } from '../../../contracts/tokyo-date.js';

/** A mail's words: the subject, the plain-text part and the HTML part (no remote images, one column for a phone). */
export interface MailText {
  subject: string;
  text: string;
  html: string;
}

interface Link {
  label: string;
  url: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Paragraphs and links, laid out once for both parts so they never say different things; the unsubscribe link last. */
function composed(subject: string, greeting: string, paragraphs: string[], links: Link[], footer: string[], unsubscribeUrl?: string): MailText {
  const unsubscribe = unsubscribeUrl ? ['このお知らせが不要な場合は、次のリンクから配信を停止できます（ログインは不要です）。'] : [];
  const text = [greeting, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), ...links.flatMap((link) => [`■ ${link.label}`, link.url, '']), '――', ...footer, ...unsubscribe, ...(unsubscribeUrl ? [unsubscribeUrl] : [])].join('\n');
  const button = (link: Link) =>
    `<p style="margin:16px 0"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 20px;background:#06803d;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(link.label)}</a></p>`;
  const html = [
    '<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;background:#f6f7f8;font-family:sans-serif;color:#1f2328;line-height:1.7">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...links.map(button),
    `<hr style="border:none;border-top:1px solid #d0d7de;margin:24px 0"><p style="font-size:13px;color:#57606a">${[...footer, ...unsubscribe].map(escapeHtml).join('<br>')}</p>`,
    unsubscribeUrl ? `<p style="font-size:13px"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#0b5cad">配信を停止する</a></p>` : '',
    '</div></body></html>',
  ].join('');
  return { subject, text, html };
}

const greetingOf = (holderName: string) => `${holderName} 様`;

export function certificateIssuedMail(input: {
  siteName: string;
  holderName: string;
  courseLabel: string;
  certificateSlug: string;
  issuedAt: Date;
  expiresAt: Date;
  certificateUrl: string;
  verificationUrl: string;
  linkedInUrl: string;
}): MailText {
  return composed(
    `【${input.siteName}】「${input.courseLabel}」の認定証を発行しました`,
    greetingOf(input.holderName),
    [
      `「${input.courseLabel}」の認定試験に合格されました。おめでとうございます。認定証を発行しました（PDF を添付しています）。`,
      `認定証番号: ${input.certificateSlug} / 発行日: ${formatJapaneseDate(input.issuedAt)} / 有効期限: ${formatJapaneseDate(input.expiresAt)}`,
      '確認用ページの URL を伝えると、誰でも認定証が本物かどうかを確かめられます。',
    ],
    [
      { label: '認定証を見る', url: input.certificateUrl },
      { label: '確認用ページ', url: input.verificationUrl },
      { label: 'LinkedIn のプロフィールに追加', url: input.linkedInUrl },
    ],
    [`このメールは ${input.siteName} から、認定証を発行したときに送っています。`, 'マイページのプロフィールの「メール通知」で受け取るかどうかを選べます。'],
  );
}

export function badgeExpiringMail(input: { siteName: string; holderName: string; courseLabel: string; expiresAt: Date; renewalUrl: string; unsubscribeUrl: string }): MailText {
  return composed(
    `【${input.siteName}】「${input.courseLabel}」のスキルバッジの有効期限のお知らせ・更新受験のご案内`,
    greetingOf(input.holderName),
    [
      `「${input.courseLabel}」のスキルバッジの有効期限は ${formatJapaneseDate(input.expiresAt)} です。`,
      '今日から更新受験ができます。合格すると有効期限が延長され、新しい認定証が発行されます。',
    ],
    [{ label: '更新受験の案内を見る', url: input.renewalUrl }],
    [`このメールは ${input.siteName} から、スキルバッジの有効期限の 30 日前にお送りしています。`],
    input.unsubscribeUrl,
  );
}

export function announcementMail(input: { siteName: string; holderName: string; title: string; body: string; pageUrl: string; unsubscribeUrl: string }): MailText {
  return composed(
    `【${input.siteName}】${input.title}`,
    greetingOf(input.holderName),
    input.body.split(/\n{2,}/).map((paragraph) => paragraph.trim()).filter((paragraph) => paragraph !== ''),
    [{ label: 'サイトで読む', url: input.pageUrl }],
    [`このメールは ${input.siteName} のお知らせを、メール通知で「お知らせ」を選んだ方にお送りしています。`],
    input.unsubscribeUrl,
  );
}

export function addressConfirmationMail(input: { siteName: string; holderName: string; address: string; confirmUrl: string }): MailText {
  return composed(
    `【${input.siteName}】メールアドレスの確認`,
    greetingOf(input.holderName),
    [
      `プロフィールのメールアドレスが ${input.address} に変わりました。このアドレスでお知らせを受け取るには、次のボタンから確認してください。`,
      '確認するまで、このアドレスにはこのメールのほかは送りません。お心当たりがない場合は、このメールを破棄してください。',
    ],
    [{ label: 'メールアドレスを確認する', url: input.confirmUrl }],
    [`このメールは ${input.siteName} から、プロフィールのメールアドレスが変わったときにお送りしています。`],
  );
}

export function credentialRevokedMail(input: {
  siteName: string;
  holderName: string;
  courseLabel: string;
  certificateSlug: string;
  categoryLabel: string;
  certificateUrl: string;
  contact: string;
  unsubscribeUrl: string;
}): MailText {
  return composed(
    `【${input.siteName}】「${input.courseLabel}」の認定証を取り消しました`,
    greetingOf(input.holderName),
    [
      `認定証番号 ${input.certificateSlug}（${input.courseLabel}）とそのデジタル認定証を取り消しました。確認用ページでも「取り消し」と表示されます。`,
      `理由: ${input.categoryLabel}`,
      `お心当たりがない場合やご質問は ${input.contact} までご連絡ください。`,
    ],
    [{ label: '認定証を確認する', url: input.certificateUrl }],
    [`このメールは ${input.siteName} から、認定証を取り消したときにお送りしています。`],
    input.unsubscribeUrl,
  );
}
