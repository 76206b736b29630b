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
