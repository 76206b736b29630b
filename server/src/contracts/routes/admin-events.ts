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

export const readAdminEventFeed = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/events/feed',
  summary:
    'ライブ表示用のイベント（管理者のみ）。after（履歴の feedCursor か前回の cursor）より後にコミットされたイベントを、追記したトランザクションの順（同じトランザクションでは seq 順）に返す。cursor をつないで読めば抜けも重複もない。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { adminEventFeedQuerySchema, adminEventFeedSchema } = await adminEvents();
    return { query: adminEventFeedQuerySchema, response: adminEventFeedSchema };
  },
});
