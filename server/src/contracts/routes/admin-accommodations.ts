import { defineRoute } from './define-route.js';

const accommodations = () => import('../exam-accommodations.js');

export const findLearnerAccommodation = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/exam-accommodations',
  summary: 'メールアドレスで学習者を探し、いま認められている試験時間の延長を返す（管理者のみ）。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { learnerAccommodationQuerySchema, learnerAccommodationSchema } = await accommodations();
    return { query: learnerAccommodationQuerySchema, response: learnerAccommodationSchema };
  },
});

export const grantExamAccommodation = defineRoute({
  method: 'PUT',
  path: '/api/v1/admin/exam-accommodations/:userId',
  summary:
    '学習者に試験時間の延長（分または割合、終了日は任意、メモ）を認める（管理者のみ）。以後に開始する試験に適用され、前の内容は置き換わる。同じ内容をもう一度送っても何もしない。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { examAccommodationRequestSchema, learnerAccommodationSchema } = await accommodations();
    return { body: examAccommodationRequestSchema, response: learnerAccommodationSchema };
  },
});

export const withdrawExamAccommodation = defineRoute({
  method: 'DELETE',
  path: '/api/v1/admin/exam-accommodations/:userId',
  summary: '学習者の試験時間の延長を取り消す（管理者のみ）。以後に開始する試験は通常の制限時間になる。延長がなければ何もしない。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => {
    const { learnerAccommodationSchema } = await accommodations();
    return { response: learnerAccommodationSchema };
  },
});
