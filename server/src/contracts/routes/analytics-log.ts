import { defineRoute } from './define-route.js';

const analyticsLog = () => import('../analytics-log.js');

export const listAnalyticsLog = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/analytics/events',
  summary: 'アクセスログ（管理者のみ）: ページから届いたページビュー・イベント・ゴール。新しい順、before（id）で次のページ。kind・name・path（前方一致）・userId で絞り込める。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { analyticsLogQuerySchema, analyticsLogPageSchema } = await analyticsLog();
    return { query: analyticsLogQuerySchema, response: analyticsLogPageSchema };
  },
});

export const getAnalyticsSummary = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/analytics/events/summary',
  summary: 'アクセスログの集計（管理者のみ）: 期間（東京の日付、既定は直近 30 日）の種類・名前ごとの件数と、ページビューの多いパス（各上位 20）。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { analyticsSummaryQuerySchema, analyticsSummarySchema } = await analyticsLog();
    return { query: analyticsSummaryQuerySchema, response: analyticsSummarySchema };
  },
});
