import { defineRoute } from './define-route.js';

const adminNotifications = () => import('../admin-notifications.js');

export const sendNotification = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/notifications',
  summary: '個人のお知らせを送る（管理者のみ）。宛先は 1 人（メールアドレス）か、学習者のグループ。配信はワーカーが行う。',
  tag: 'admin',
  access: 'admin',
  created: true,
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { sendNotificationRequestSchema, sentNotificationSchema } = await adminNotifications();
    return { body: sendNotificationRequestSchema, response: sentNotificationSchema };
  },
});

export const countRecipients = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/notifications/recipients',
  summary: 'グループに今送ると何人に届くか（管理者のみ）。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { recipientCountQuerySchema, recipientCountSchema } = await adminNotifications();
    return { query: recipientCountQuerySchema, response: recipientCountSchema };
  },
});
