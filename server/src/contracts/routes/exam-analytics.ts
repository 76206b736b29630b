import { defineRoute } from './define-route.js';

export const getExamAnalytics = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/analytics/exams',
  summary: '認定試験の分析（管理者のみ）: コース別の受験数と合格率の推移、トピック別・問題別の正答率、コースレビューの平均点。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { examAnalyticsQuerySchema, examAnalyticsSchema } = await import('../exam-analytics.js');
    return { query: examAnalyticsQuerySchema, response: examAnalyticsSchema };
  },
});

export const getItemStatistics = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/certification-courses/:courseSlug/item-statistics',
  summary:
    '問題ごとの統計（管理者のみ）: 受験数、正答率 (p)、識別力（その問題と残りの得点の点双列相関）、出題率、最終出題日、得点帯別の正答率、注意（簡単すぎ・難しすぎ・識別力が負・出題過多）。採点済みの受験から。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await import('../item-statistics.js')).itemStatisticsSchema }),
});
