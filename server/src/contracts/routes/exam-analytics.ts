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
