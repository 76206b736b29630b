import { defineRoute } from './define-route.js';

const notifications = () => import('../notifications.js');

export const getUnreadFlags = defineRoute({
  method: 'GET',
  path: '/api/v1/has-unread/',
  summary: '未読のお知らせ（個人・全体）があるか。',
  tag: 'notifications',
  access: 'agreed',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  schemas: async () => ({ response: (await notifications()).unreadFlagsSchema }),
});

export const listNotifications = defineRoute({
  method: 'GET',
  path: '/api/v1/notifications/',
  summary: '自分宛ての個人のお知らせ（新しい順、limit 既定 20・最大 100、offset 既定 0）。total は全件数。',
  tag: 'notifications',
  access: 'agreed',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { feedPageQuerySchema, feedPageSchema } = await notifications();
    return { query: feedPageQuerySchema, response: feedPageSchema };
  },
});

export const markNotificationsRead = defineRoute({
  method: 'PUT',
  path: '/api/v1/notifications/mark-as-read',
  summary: '自分宛ての未読のお知らせをすべて既読にする。markedCount は今回既読にした件数。開いているページへ unread.changed を送る。',
  tag: 'notifications',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  schemas: async () => ({ response: (await notifications()).markedReadSchema }),
});

export const getNotification = defineRoute({
  method: 'GET',
  path: '/api/v1/notifications/:notificationId',
  summary: '自分宛てのお知らせ 1 件。表示すると既読になる（unread.changed を送る）。ほかの方のもの・不正な ID は 404。',
  tag: 'notifications',
  access: 'agreed',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  schemas: async () => ({ response: (await notifications()).feedItemSchema }),
});

export const listAnnouncements = defineRoute({
  method: 'GET',
  path: '/api/v1/announcements/',
  summary:
    '公開中の全体のお知らせ（新しい順、limit 既定 20・最大 100、offset 既定 0）。ログイン不要。未ログインでは isRead はすべて false。アカウント作成より前に公開されたものは既読として扱う。',
  tag: 'notifications',
  access: 'public',
  errors: ['VALIDATION_FAILED'],
  schemas: async () => {
    const { feedPageQuerySchema, feedPageSchema } = await notifications();
    return { query: feedPageQuerySchema, response: feedPageSchema };
  },
});

export const markAnnouncementsRead = defineRoute({
  method: 'PUT',
  path: '/api/v1/announcements/mark-as-read',
  summary: '公開中の全体のお知らせをすべて既読にする。markedCount は今回既読にした件数。',
  tag: 'notifications',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  schemas: async () => ({ response: (await notifications()).markedReadSchema }),
});

export const getAnnouncement = defineRoute({
  method: 'GET',
  path: '/api/v1/announcements/:announcementId',
  summary: '公開中の全体のお知らせ 1 件。ログイン不要。規約に同意済みの方が表示すると既読になる。公開前・取り下げ済み・不正な ID は 404。',
  tag: 'notifications',
  access: 'public',
  errors: ['NOT_FOUND'],
  schemas: async () => ({ response: (await notifications()).feedItemSchema }),
});
