import { defineRoute } from './define-route.js';

const announcements = () => import('../announcements.js');

export const publishAnnouncement = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/announcements',
  summary:
    '全体のお知らせを公開する（管理者のみ）。publishAt を省くと今すぐ、未来の日時なら予約公開。公開と同時に全員へ announcements.changed を送る。link はサイト内のパス（/ で始まる）のみ。',
  tag: 'admin',
  access: 'admin',
  created: true,
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { publishAnnouncementRequestSchema, publishedAnnouncementSchema } = await announcements();
    return { body: publishAnnouncementRequestSchema, response: publishedAnnouncementSchema };
  },
});

export const listAdminAnnouncements = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/announcements',
  summary: '全体のお知らせの一覧（管理者のみ）。予約中・公開中・取り下げ済みのすべて、公開日時の新しい順。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const [{ adminAnnouncementPageSchema }, { feedPageQuerySchema }] = await Promise.all([announcements(), import('../notifications.js')]);
    return { query: feedPageQuerySchema, response: adminAnnouncementPageSchema };
  },
});

export const getAdminAnnouncement = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/announcements/:announcementId',
  summary: '全体のお知らせ 1 件（管理者のみ、予約中・取り下げ済みも）。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await announcements()).adminAnnouncementSchema }),
});

export const updateAnnouncement = defineRoute({
  method: 'PUT',
  path: '/api/v1/admin/announcements/:announcementId',
  summary: '全体のお知らせを編集する（管理者のみ）。公開日時を変えられるのは予約中だけ。取り下げ済みは編集できない（404）。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'CONCURRENCY_CONFLICT'],
  schemas: async () => {
    const { updateAnnouncementRequestSchema, adminAnnouncementSchema } = await announcements();
    return { body: updateAnnouncementRequestSchema, response: adminAnnouncementSchema };
  },
});

export const unpublishAnnouncement = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/announcements/:announcementId/unpublish',
  summary: '全体のお知らせを取り下げる（管理者のみ）。一覧から消え、未読の数にも数えない。もう一度呼んでも結果は同じ。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await announcements()).adminAnnouncementSchema }),
});
