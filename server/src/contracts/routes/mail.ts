import { defineRoute } from './define-route.js';

const mail = () => import('../mail.js');

export const getMailPreferences = defineRoute({
  method: 'GET',
  path: '/api/v1/me/mail-preferences',
  summary: 'ログイン中の受講者のメール通知の設定（種類ごとのオン・オフ）。',
  tag: 'me',
  access: 'login',
  errors: ['LOGIN_REQUIRED'],
  schemas: async () => ({ response: (await mail()).mailSettingsSchema }),
});

export const updateMailPreferences = defineRoute({
  method: 'PUT',
  path: '/api/v1/me/mail-preferences',
  summary: 'メール通知の設定を保存する（4 種類すべてを送る）。',
  tag: 'me',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { mailPreferencesSchema, mailSettingsSchema } = await mail();
    return { body: mailPreferencesSchema, response: mailSettingsSchema };
  },
});

/**
 * RFC 8058 one-click unsubscribe: the mail's List-Unsubscribe URL, POSTed by the mail app without cookies
 * (body `List-Unsubscribe=One-Click`), or by the campus's own /mail/unsubscribe page. The signed token is
 * the whole authority, so the route is exempt from the same-site write rule.
 */
export const unsubscribeFromMail = defineRoute({
  method: 'POST',
  path: '/api/v1/mail/unsubscribe',
  summary: 'メールの配信停止（ワンクリック、ログイン不要）。token はメールのリンクに含まれる署名付きトークン。',
  tag: 'me',
  access: 'public',
  ignoresSession: true,
  rateLimit: 'anonymousWrite',
  errors: ['VALIDATION_FAILED', 'MAIL_LINK_INVALID', 'MAIL_LINK_EXPIRED'],
  schemas: async () => {
    const { mailLinkQuerySchema, unsubscribeResultSchema } = await mail();
    return { query: mailLinkQuerySchema, response: unsubscribeResultSchema };
  },
});

/** The link mailed to a new profile address: confirms it (no login; the signed token is the authority). */
export const confirmMailAddress = defineRoute({
  method: 'POST',
  path: '/api/v1/mail/confirm-address',
  summary: 'プロフィールの新しいメールアドレスの確認（ログイン不要）。token は確認メールのリンクに含まれる署名付きトークン。',
  tag: 'me',
  access: 'public',
  ignoresSession: true,
  rateLimit: 'anonymousWrite',
  errors: ['VALIDATION_FAILED', 'MAIL_LINK_INVALID', 'MAIL_LINK_EXPIRED'],
  schemas: async () => {
    const { mailLinkQuerySchema, addressConfirmationResultSchema } = await mail();
    return { query: mailLinkQuerySchema, response: addressConfirmationResultSchema };
  },
});
