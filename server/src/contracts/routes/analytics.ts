import { defineRoute } from './define-route.js';

export const recordAnalytics = defineRoute({
  method: 'POST',
  path: '/api/v1/analytics/events',
  summary:
    'ページビュー・イベント・ゴールをまとめて記録する（訪問者も可、1 回に 50 件まで、204 で本文なし）。ログイン中で規約に同意済みなら利用者 ID を添えて残す。IP アドレスやユーザーエージェントは残さない。',
  tag: 'analytics',
  access: 'public',
  rateLimit: 'anonymousWrite',
  noContent: true,
  errors: ['VALIDATION_FAILED', 'CROSS_SITE_REQUEST', 'XHR_HEADER_REQUIRED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'],
  schemas: async () => ({ body: (await import('../analytics-log.js')).analyticsBatchSchema }),
});
