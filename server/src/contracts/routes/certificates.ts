import { defineRoute } from './define-route.js';

const certificates = () => import('../certificates.js');

export const listCertificates = defineRoute({
  method: 'GET',
  path: '/api/v1/certificates/',
  summary: '自分の認定証の一覧（新しい順）。有効期限を過ぎたものは status が expired。courseSlug でその認定コースのものだけに絞れる。',
  tag: 'certificates',
  access: 'agreed',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { certificateListQuerySchema, certificateListSchema } = await certificates();
    return { query: certificateListQuerySchema, response: certificateListSchema };
  },
});

export const getCertificate = defineRoute({
  method: 'GET',
  path: '/api/v1/certificates/:certificateId',
  summary: '自分の認定証 1 件（certificateId は ID またはスラッグ）。ほかの方の認定証・存在しない ID は 404。',
  tag: 'certificates',
  access: 'agreed',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  schemas: async () => ({ response: (await certificates()).certificateSchema }),
});

export const downloadCertificatePdf = defineRoute({
  method: 'GET',
  path: '/api/v1/certificates/:certificateId/pdf',
  summary:
    '認定証の PDF をダウンロードする（本人のみ。application/pdf、Content-Disposition: attachment と日本語のファイル名 filename*）。ほかの方の認定証は 404、取り消された認定証は 410（CERTIFICATE_REVOKED）。',
  tag: 'certificates',
  access: 'agreed',
  navigation: true,
  file: 'application/pdf',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'CERTIFICATE_REVOKED'],
});

export const verifyCertificate = defineRoute({
  method: 'GET',
  path: '/api/v1/certificate-verifications/:slug',
  summary: '認定証に印字された番号（スラッグ）で認定証を確かめる。ログイン不要。名前・コース・レベル・取得日・有効期限・状態（有効・期限切れ・取り消し。取り消しは日時と理由の区分つき、更新で新しい認定証に置き換わった場合はその番号）を一度に返す。不明な番号は 404。どのオリジンからも読める（CORS *、資格情報なし）。',
  tag: 'certificates',
  access: 'public',
  ignoresSession: true,
  errors: ['NOT_FOUND'],
  schemas: async () => ({ response: (await certificates()).certificateVerificationSchema }),
});
