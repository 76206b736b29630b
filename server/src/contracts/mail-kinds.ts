// Zod-free: the client's pages and the admin console import the names without the schemas.

/** The mails a learner can switch on and off (spec-free: issue 36), in the order the profile lists them. */
export const MAIL_KINDS = ['certificate', 'expiry', 'revocation', 'announcement'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Certificate, expiry and revocation mails are on until the learner turns them off; announcements wait for a yes. */
export const MAIL_KIND_DEFAULTS: Readonly<Record<MailKind, boolean>> = { certificate: true, expiry: true, revocation: true, announcement: false };

/** The one mail that is no kind a learner chooses: sent to a new profile address to confirm it. */
export const ADDRESS_CONFIRMATION_LABEL = 'メールアドレスの確認';

export const MAIL_KIND_LABELS: Readonly<Record<MailKind, string>> = {
  certificate: '認定証の発行',
  expiry: '有効期限のお知らせ・更新受験のご案内',
  revocation: '認定証の取り消し',
  announcement: 'お知らせ',
};
