import { defineRoute } from './define-route.js';

const auth = () => import('../auth.js');

export const login = defineRoute({
  method: 'GET',
  path: '/api/v1/login',
  summary: 'ログインを開始する（プロバイダーへリダイレクト）。終了後 currentUrl（同一オリジンのみ）へ戻る。キャンセル時は ?login=cancelled が付く。',
  tag: 'identity',
  access: 'public',
  ignoresSession: true,
  rateLimit: 'login',
  navigation: true,
  schemas: async () => ({ query: (await auth()).loginQuerySchema }),
});

export const loginCallback = defineRoute({
  method: 'GET',
  path: '/api/v1/login/callback',
  summary: 'OpenID Connect のリダイレクト先（認可コードの受け取り）。',
  tag: 'identity',
  access: 'public',
  ignoresSession: true,
  rateLimit: 'login',
  navigation: true,
});

export const generateLogoutUrl = defineRoute({
  method: 'POST',
  path: '/api/v1/generate-logout-url/',
  summary: 'セッションを終了し、プロバイダーのログアウト URL を返す。',
  tag: 'identity',
  access: 'login',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { generateLogoutUrlRequestSchema, stringValueSchema } = await auth();
    return { body: generateLogoutUrlRequestSchema, response: stringValueSchema };
  },
});
