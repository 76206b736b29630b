import { defineRoute } from './define-route.js';

const agreements = () => import('../agreements.js');

export const acceptAgreements = defineRoute({
  method: 'POST',
  path: '/api/v1/agreements/accept',
  summary: '利用規約とプライバシーポリシーに同意する（本文なし）。',
  tag: 'agreements',
  access: 'login',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'CONCURRENCY_CONFLICT'],
  schemas: async () => ({ response: (await agreements()).agreementAcceptedSchema }),
});

export const getTerms = defineRoute({
  method: 'GET',
  path: '/api/v1/agreements/terms',
  summary: '利用規約の本文（HTML）と、同意の対象になる版（TERMS_VERSION）。',
  tag: 'agreements',
  access: 'public',
  ignoresSession: true,
  errors: ['NOT_FOUND'],
  schemas: async () => ({ response: (await agreements()).agreementDocumentSchema }),
});

export const getPrivacyPolicy = defineRoute({
  method: 'GET',
  path: '/api/v1/agreements/privacy',
  summary: 'プライバシーポリシーの本文（HTML）と、同意の対象になる版（TERMS_VERSION）。',
  tag: 'agreements',
  access: 'public',
  ignoresSession: true,
  errors: ['NOT_FOUND'],
  schemas: async () => ({ response: (await agreements()).agreementDocumentSchema }),
});

export const migrateFromCloudCampus = defineRoute({
  method: 'PUT',
  path: '/api/v1/migrate-from-cloud-campus/',
  summary:
    'Cloud Campus で取得したスキルバッジ（検証済みメールアドレスで照合）を引き継ぐ（本文なし）。同意ポップアップ（移行版）から同意の前に呼ぶため、同意は不要。合格日から講座の有効期間でバッジを付与し、より長く有効なバッジは短くしない。2 回目以降・引き継ぐものがない場合は空のリスト。',
  tag: 'agreements',
  access: 'login',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'CONCURRENCY_CONFLICT'],
  schemas: async () => ({ response: (await import('../certificates.js')).migrationResultSchema }),
});
