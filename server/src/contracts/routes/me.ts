import { defineRoute } from './define-route.js';

const currentUser = () => import('../current-user.js');

export const getMe = defineRoute({
  method: 'GET',
  path: '/api/v1/me',
  summary: 'ログイン中のユーザー。',
  tag: 'me',
  access: 'login',
  errors: ['LOGIN_REQUIRED'],
  schemas: async () => ({ response: (await currentUser()).currentUserSchema }),
});

export const getMyProfile = defineRoute({
  method: 'GET',
  path: '/api/v1/me/profile',
  summary:
    'ログイン中のユーザーのプロフィール（氏名・フリガナ・メールアドレス・アイコン・証明書に印字される氏名）。未登録なら hasProfile が false で、氏名とメールアドレスはログイン事業者から受け取ったもの。',
  tag: 'me',
  access: 'login',
  errors: ['LOGIN_REQUIRED'],
  schemas: async () => ({ response: (await currentUser()).myProfileSchema }),
});

export const updateProfile = defineRoute({
  method: 'PUT',
  path: '/api/v1/me',
  summary: 'プロフィール（氏名・フリガナ・証明書用メールアドレス）を登録・更新する。',
  tag: 'me',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'VALIDATION_FAILED', 'CONCURRENCY_CONFLICT'],
  schemas: async () => {
    const { updateProfileSchema, currentUserSchema } = await currentUser();
    return { body: updateProfileSchema, response: currentUserSchema };
  },
});

export const checkPrintableName = defineRoute({
  method: 'POST',
  path: '/api/v1/check-is-printable-name',
  summary: '証明書のフォントで印字できる名前かどうか（value）と、印字できない文字（unprintableCharacters）。',
  tag: 'me',
  access: 'login',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { printableNameRequestSchema, printableNameResultSchema } = await currentUser();
    return { body: printableNameRequestSchema, response: printableNameResultSchema };
  },
});
