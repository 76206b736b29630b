import { z } from 'zod';

/** The mails a learner can switch on and off (spec-free: issue 36), in the order the profile lists them. */
export const MAIL_KINDS = ['certificate', 'expiry', 'revocation', 'announcement'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Certificate, expiry and revocation mails are on until the learner turns them off; announcements wait for a yes. */
export const MAIL_KIND_DEFAULTS: Readonly<Record<MailKind, boolean>> = { certificate: true, expiry: true, revocation: true, announcement: false };

export const MAIL_KIND_LABELS: Readonly<Record<MailKind, string>> = {
  certificate: '認定証の発行',
  expiry: '有効期限のお知らせ・更新受験のご案内',
  revocation: '認定証の取り消し',
  announcement: 'お知らせ',
};

export const mailPreferencesSchema = z
  .strictObject(Object.fromEntries(MAIL_KINDS.map((kind) => [kind, z.boolean(`${kind} は true か false で指定してください`)])) as Record<MailKind, z.ZodBoolean>)
  .meta({ id: 'MailPreferences' });
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const unsubscribeQuerySchema = z.strictObject({
  token: z.string('token を指定してください').min(1, 'token を指定してください').max(512, 'token が長すぎます'),
});

export const unsubscribeResultSchema = z.object({ kind: z.enum(MAIL_KINDS), label: z.string() }).meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
