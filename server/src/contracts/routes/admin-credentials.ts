import { defineRoute } from './define-route.js';

const credentials = () => import('../credentials.js');

export const setCredentialRevocation = defineRoute({
  method: 'PUT',
  path: '/api/v1/admin/credentials/:credentialId/revocation',
  summary:
    'デジタル認定証を取り消す（revoked: true）か、取り消しを解除する（false）。理由は必須で、学習者に通知される（管理者のみ）。同じ状態への変更は何もしない。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { credentialRevocationRequestSchema, credentialRevocationSchema } = await credentials();
    return { body: credentialRevocationRequestSchema, response: credentialRevocationSchema };
  },
});

export const listAdminCredentials = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/credentials',
  summary:
    'デジタル認定証の一覧（管理者のみ）。q で学習者のメールアドレス・氏名（部分一致）か認定証番号を検索。状態（有効・期限切れ・取り消し）と最新の理由つき、発行の新しい順。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { adminCredentialSearchQuerySchema, adminCredentialPageSchema } = await credentials();
    return { query: adminCredentialSearchQuerySchema, response: adminCredentialPageSchema };
  },
});
