import { defineRoute } from './define-route.js';

const adminEvents = () => import('../admin-events.js');

export const listAdminEvents = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/events',
  summary: 'ドメインイベントの履歴（管理者のみ）。新しい順、before（seq）で次のページ。type と userId で絞り込める。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { adminEventQuerySchema, adminEventPageSchema } = await adminEvents();
    return { query: adminEventQuerySchema, response: adminEventPageSchema };
  },
});

export const listAdminEventTypes = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/events/types',
  summary: 'これまでに記録されたイベントの種類（管理者のみ）。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN'],
  schemas: async () => ({ response: (await adminEvents()).adminEventTypesSchema }),
});
