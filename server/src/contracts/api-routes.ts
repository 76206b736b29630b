import type { z } from 'zod';
import { agreementAcceptedSchema } from './agreements.js';
import { generateLogoutUrlRequestSchema, loginQuerySchema, stringValueSchema } from './auth.js';
import {
  campaignSchema,
  categoriesQuerySchema,
  categoriesSchema,
  courseCardPageSchema,
  featuredItemsSchema,
  learningCourseSchema,
  learningCoursesQuerySchema,
} from './catalogue.js';
import { serverTimeSchema } from './clock.js';
import { booleanValueSchema, currentUserSchema, printableNameRequestSchema, updateProfileSchema } from './current-user.js';
import type { ErrorCode } from './errors.js';
import { unreadFlagsSchema } from './notifications.js';

/** One documented endpoint. The OpenAPI document at /api/docs is generated from this list. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  tag: string;
  access: 'public' | 'login' | 'login+agreements' | 'admin';
  /** Top-level navigations (redirects) are exempt from the XHR header rule. */
  navigation?: boolean;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  errors?: ErrorCode[];
}

export const API_ROUTES: ApiRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/login',
    summary: 'ログインを開始する（プロバイダーへリダイレクト）。終了後 currentUrl（同一オリジンのみ）へ戻る。キャンセル時は ?login=cancelled が付く。',
    tag: 'identity',
    access: 'public',
    navigation: true,
    query: loginQuerySchema,
  },
  {
    method: 'GET',
    path: '/api/v1/login/callback',
    summary: 'OpenID Connect のリダイレクト先（認可コードの受け取り）。',
    tag: 'identity',
    access: 'public',
    navigation: true,
  },
  {
    method: 'POST',
    path: '/api/v1/generate-logout-url/',
    summary: 'セッションを終了し、プロバイダーのログアウト URL を返す。',
    tag: 'identity',
    access: 'login',
    body: generateLogoutUrlRequestSchema,
    response: stringValueSchema,
    errors: ['LOGIN_REQUIRED', 'VALIDATION_FAILED'],
  },
  {
    method: 'GET',
    path: '/api/v1/me',
    summary: 'ログイン中のユーザー。',
    tag: 'me',
    access: 'login',
    response: currentUserSchema,
    errors: ['LOGIN_REQUIRED'],
  },
  {
    method: 'PUT',
    path: '/api/v1/me',
    summary: 'プロフィール（氏名・フリガナ・証明書用メールアドレス）を登録・更新する。',
    tag: 'me',
    access: 'login+agreements',
    body: updateProfileSchema,
    response: currentUserSchema,
    errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'VALIDATION_FAILED', 'CONCURRENCY_CONFLICT'],
  },
  {
    method: 'POST',
    path: '/api/v1/check-is-printable-name',
    summary: '証明書のフォントで印字できる名前かどうか。',
    tag: 'me',
    access: 'login',
    body: printableNameRequestSchema,
    response: booleanValueSchema,
    errors: ['LOGIN_REQUIRED', 'VALIDATION_FAILED'],
  },
  {
    method: 'POST',
    path: '/api/v1/agreements/accept',
    summary: '利用規約とプライバシーポリシーに同意する（本文なし）。',
    tag: 'agreements',
    access: 'login',
    response: agreementAcceptedSchema,
    errors: ['LOGIN_REQUIRED', 'CONCURRENCY_CONFLICT'],
  },
  {
    method: 'GET',
    path: '/api/v1/has-unread/',
    summary: '未読のお知らせ（個人・全体）があるか。',
    tag: 'notifications',
    access: 'login+agreements',
    response: unreadFlagsSchema,
    errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  },
  {
    method: 'GET',
    path: '/api/v1/now/',
    summary: 'サーバー時刻（ミリ秒）。試験の残り時間はこの時計で数える。',
    tag: 'clock',
    access: 'public',
    response: serverTimeSchema,
  },
  {
    method: 'GET',
    path: '/api/v1/categories/',
    summary: 'プログラムのカテゴリー。',
    tag: 'catalogue',
    access: 'public',
    query: categoriesQuerySchema,
    response: categoriesSchema,
    errors: ['VALIDATION_FAILED'],
  },
  {
    method: 'GET',
    path: '/api/v1/featured/',
    summary: 'トップページのピックアップ。',
    tag: 'catalogue',
    access: 'public',
    response: featuredItemsSchema,
  },
  {
    method: 'GET',
    path: '/api/v1/learning-courses/',
    summary: '学習コースの一覧（program / level / category は繰り返し指定またはカンマ区切り、page・limit でページ送り）。',
    tag: 'catalogue',
    access: 'public',
    query: learningCoursesQuerySchema,
    response: courseCardPageSchema,
    errors: ['VALIDATION_FAILED'],
  },
  {
    method: 'GET',
    path: '/api/v1/learning-courses/{courseSlug}',
    summary: '学習コースとレッスンの一覧。ログインした方だけのコースは、ログインしていなければ 403。',
    tag: 'catalogue',
    access: 'public',
    response: learningCourseSchema,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/v1/campaign',
    summary: '開催中のキャンペーン（日本時間の今日）。',
    tag: 'catalogue',
    access: 'public',
    response: campaignSchema,
    errors: ['NOT_FOUND'],
  },
  { method: 'GET', path: '/api/health', summary: '生存確認。', tag: 'operations', access: 'public' },
  {
    method: 'GET',
    path: '/api/ready',
    summary: '準備完了確認（PostgreSQL と Redis）。',
    tag: 'operations',
    access: 'public',
    errors: ['SERVICE_UNAVAILABLE'],
  },
  { method: 'GET', path: '/api/docs', summary: 'この OpenAPI 文書。', tag: 'operations', access: 'public' },
];
