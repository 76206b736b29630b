import type { z } from 'zod';
import { agreementAcceptedSchema } from './agreements.js';
import { generateLogoutUrlRequestSchema, loginQuerySchema, stringValueSchema } from './auth.js';
import {
  campaignSchema,
  categoriesQuerySchema,
  categoriesSchema,
  certificationCourseCardsSchema,
  certificationCourseDetailSchema,
  courseCardPageSchema,
  courseCardsSchema,
  courseDetailSchema,
  featuredItemsSchema,
  learningCoursesQuerySchema,
  programFilterQuerySchema,
  programsSchema,
} from './catalogue.js';
import {
  courseHistoryQuerySchema,
  courseHistorySchema,
  courseVisitSchema,
  favoriteCoursesQuerySchema,
  favoriteCoursesSchema,
  favoriteStateSchema,
  setFavoriteRequestSchema,
} from './course-activity.js';
import {
  currentExamSessionSchema,
  examResultSchema,
  examSessionSchema,
  examStartSchema,
  examSubmissionSchema,
  saveAnswerRequestSchema,
  savedAnswerSchema,
  submitExamRequestSchema,
} from './exams.js';
import { downloadQuerySchema, feedbackReceiptSchema, feedbackRequestSchema, lessonCompletionSchema, lessonDetailSchema, lessonQuestionnaireRequestSchema } from './lessons.js';
import { shortenUrlRequestSchema, shortUrlSchema } from './share.js';
import { certificateListSchema, certificateSchema, certificateVerificationSchema, migrationResultSchema } from './certificates.js';
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
  /** A file answered in place (a download), with this media type, instead of JSON or a redirect. */
  file?: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  errors?: ErrorCode[];
}

const COURSE_KIND_NAMES = { learning: '学習コース', seminar: 'セミナー', video: '動画コース', certification: '認定コース' } as const;

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
    method: 'PUT',
    path: '/api/v1/migrate-from-cloud-campus/',
    summary:
      'Cloud Campus で取得したスキルバッジ（検証済みメールアドレスで照合）を引き継ぐ（本文なし）。同意ポップアップ（移行版）から同意の前に呼ぶため、同意は不要。合格日から講座の有効期間でバッジを付与し、より長く有効なバッジは短くしない。2 回目以降・引き継ぐものがない場合は空のリスト。',
    tag: 'agreements',
    access: 'login',
    response: migrationResultSchema,
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
    path: '/api/v1/programs/',
    summary: '3 つのプログラム（サービス）の名前と説明。',
    tag: 'catalogue',
    access: 'public',
    response: programsSchema,
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
    summary:
      '学習コースの一覧（program / level / category は繰り返し指定またはカンマ区切り、page・limit でページ送り）。isStarted=false（未受講）と isFavorite=true（受講したいリスト）はログインが必要。',
    tag: 'catalogue',
    access: 'public',
    query: learningCoursesQuerySchema,
    response: courseCardPageSchema,
    errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED'],
  },
  ...(['learning', 'seminar', 'video'] as const).map(
    (kind): ApiRoute => ({
      method: 'GET',
      path: `/api/v1/${kind}-courses/{courseSlug}`,
      summary: `${COURSE_KIND_NAMES[kind]}とレッスンの一覧、ログインしていれば進み具合。ログインした方だけのコースは、ログインしていなければ 403。`,
      tag: 'catalogue',
      access: 'public',
      response: courseDetailSchema,
      errors: ['FORBIDDEN', 'NOT_FOUND'],
    }),
  ),
  ...(['seminar', 'video'] as const).map(
    (kind): ApiRoute => ({
      method: 'GET',
      path: `/api/v1/${kind}-courses/`,
      summary: `${COURSE_KIND_NAMES[kind]}の一覧（program は繰り返し指定またはカンマ区切り）。`,
      tag: 'catalogue',
      access: 'public',
      query: programFilterQuerySchema,
      response: courseCardsSchema,
      errors: ['VALIDATION_FAILED'],
    }),
  ),
  {
    method: 'GET',
    path: '/api/v1/certification-courses/',
    summary: '認定コースの一覧と、ログインしていればスキルバッジの状態（available / unavailable / expired）。',
    tag: 'catalogue',
    access: 'public',
    response: certificationCourseCardsSchema,
  },
  {
    method: 'GET',
    path: '/api/v1/certification-courses/{certificationCourseSlug}',
    summary: '認定コースの詳細（試験の設定、レッスン、スキルバッジの状態）。',
    tag: 'catalogue',
    access: 'public',
    response: certificationCourseDetailSchema,
    errors: ['NOT_FOUND'],
  },
  ...(['learning', 'seminar', 'certification'] as const).flatMap((kind): ApiRoute[] => [
    {
      method: 'PUT',
      path: `/api/v1/${kind}-courses/{courseSlug}/is-favorite`,
      summary: `${COURSE_KIND_NAMES[kind]}を受講したいリストに入れる（value: true）・外す（value: false）。同じ値をもう一度送っても変化しない。`,
      tag: 'course-activity',
      access: 'login+agreements',
      body: setFavoriteRequestSchema,
      response: favoriteStateSchema,
      errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'CONCURRENCY_CONFLICT'],
    },
    {
      method: 'PUT',
      path: `/api/v1/${kind}-courses/{courseSlug}/mark-as-visited`,
      summary: `${COURSE_KIND_NAMES[kind]}を開いたことを受講履歴に残す。`,
      tag: 'course-activity',
      access: 'login+agreements',
      response: courseVisitSchema,
      errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'CONCURRENCY_CONFLICT'],
    },
  ]),
  ...(['learning', 'certification', 'video', 'seminar'] as const).flatMap((kind): ApiRoute[] => {
    // A seminar has one lesson, addressed through its course.
    const lesson = kind === 'seminar' ? `/api/v1/${kind}-courses/{courseSlug}/lesson` : `/api/v1/${kind}-courses/{courseSlug}/lessons/{lessonSlug}`;
    return [
      {
        method: 'GET',
        path: lesson,
        summary: `${COURSE_KIND_NAMES[kind]}のレッスン（本文、スライド・動画はダウンロードプロキシ経由の URL、確認問題、前後のレッスン）。ログインした方だけのレッスンは、ログインしていなければ 403。`,
        tag: 'lessons',
        access: 'public',
        response: lessonDetailSchema,
        errors: ['FORBIDDEN', 'NOT_FOUND'],
      },
      {
        method: 'PUT',
        path: `${lesson}/mark-as-completed`,
        summary: 'レッスンを完了にする（何度送っても一度だけ）。最後のレッスンでコースが完了し、まだ評価していなければ feedbackPopupType が返る。',
        tag: 'lessons',
        access: 'login+agreements',
        response: lessonCompletionSchema,
        errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'CONCURRENCY_CONFLICT'],
      },
      {
        method: 'POST',
        path: `/api/v1/${kind}-courses/{courseSlug}/feedback`,
        summary: 'コースの評価（score 1〜5、freetext は 1000 文字まで、feedbackPopupType）。同じきっかけの評価は一度だけ保存される。',
        tag: 'lessons',
        access: 'login+agreements',
        body: feedbackRequestSchema,
        response: feedbackReceiptSchema,
        errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
      },
    ];
  }),
  {
    method: 'POST',
    path: '/api/v1/certification-courses/{certificationCourseSlug}/exam/start/',
    summary: '認定試験を開始する（同じコースの受験中の試験は再開）。問題はトピックごとに抽選・並べ替えて固定され、締め切りはサーバーが決める。',
    tag: 'certification',
    access: 'login+agreements',
    response: examStartSchema,
    errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'PROFILE_REQUIRED', 'BASIC_REQUIRED', 'EXAM_IN_PROGRESS', 'EXAM_COOLDOWN', 'NOT_FOUND', 'CONCURRENCY_CONFLICT'],
  },
  {
    method: 'GET',
    path: '/api/v1/certification-courses/{certificationCourseSlug}/exam',
    summary: '受験中の試験（問題と保存済みの解答。正解・解説・トピックは含まない）。',
    tag: 'certification',
    access: 'login+agreements',
    response: examSessionSchema,
    errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/v1/certification-courses/{certificationCourseSlug}/current-exam-session',
    summary: 'このコースの受験中の試験（ID と締め切り）。なければ 404。',
    tag: 'certification',
    access: 'login+agreements',
    response: currentExamSessionSchema,
    errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  },
  {
    method: 'PUT',
    path: '/api/v1/exam-sessions/{examSessionId}/answers/{questionId}',
    summary: '1 問の解答を保存する（保存が確定してから応答する）。締め切り＋猶予を過ぎると EXAM_TIME_OVER。',
    tag: 'certification',
    access: 'login+agreements',
    body: saveAnswerRequestSchema,
    response: savedAnswerSchema,
    errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'EXAM_TIME_OVER', 'CONCURRENCY_CONFLICT'],
  },
  {
    method: 'POST',
    path: '/api/v1/exam-sessions/{examSessionId}/submit',
    summary: '試験を提出する（まだ保存されていない解答を answers で添えられる）。何度送っても同じ提出。締め切り＋猶予を過ぎると EXAM_TIME_OVER（24 時間後に再受験）。採点はワーカーが行う。',
    tag: 'certification',
    access: 'login+agreements',
    body: submitExamRequestSchema,
    response: examSubmissionSchema,
    errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'EXAM_TIME_OVER', 'CONCURRENCY_CONFLICT'],
  },
  {
    method: 'GET',
    path: '/api/v1/certification-courses/{certificationCourseSlug}/last-result',
    summary: '最新の採点結果（合否、正答率、トピックごとの内訳、不合格なら次に受験できる時刻）。なければ 404。',
    tag: 'certification',
    access: 'login+agreements',
    response: examResultSchema,
    errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/v1/certificates/',
    summary: '自分の認定証の一覧（新しい順）。有効期限を過ぎたものは status が expired。',
    tag: 'certificates',
    access: 'login+agreements',
    response: certificateListSchema,
    errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  },
  {
    method: 'GET',
    path: '/api/v1/certificates/{certificateId}',
    summary: '自分の認定証 1 件（certificateId は ID またはスラッグ）。ほかの方の認定証・存在しない ID は 404。',
    tag: 'certificates',
    access: 'login+agreements',
    response: certificateSchema,
    errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/v1/certificates/{certificateId}/pdf',
    summary:
      '認定証の PDF をダウンロードする（本人のみ。application/pdf、Content-Disposition: attachment と日本語のファイル名 filename*）。ほかの方の認定証は 404。',
    tag: 'certificates',
    access: 'login+agreements',
    navigation: true,
    file: 'application/pdf',
    errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/v1/certificate-verifications/{slug}',
    summary: '認定証に印字された番号（スラッグ）で認定証を確かめる。ログイン不要。名前・コース・レベル・発行日・有効期限・状態だけを返す。不明な番号は 404。',
    tag: 'certificates',
    access: 'public',
    response: certificateVerificationSchema,
    errors: ['NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/v1/download',
    summary:
      '承認済みの保存先（開発ではこのサイトの /media/）のファイルを、このオリジンから配信する。範囲リクエスト可。他のホスト、ユーザー情報付き URL、IP アドレス、非公開アドレスに解決される名前、許可外へのリダイレクトは拒否。',
    tag: 'lessons',
    access: 'public',
    navigation: true,
    file: 'application/octet-stream',
    query: downloadQuerySchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'UPSTREAM_FAILED'],
  },
  {
    method: 'POST',
    path: '/api/v1/questionnaires/lesson/answers',
    summary: 'レッスンのアンケート（役に立ったか、任意のコメント 1000 文字まで）。ログインしていなくても送れる。',
    tag: 'lessons',
    access: 'public',
    body: lessonQuestionnaireRequestSchema,
    response: feedbackReceiptSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/v2/favorite-courses/',
    summary: '受講したいリスト（新しく入れた順、type で種類を絞り込み）。',
    tag: 'course-activity',
    access: 'login+agreements',
    query: favoriteCoursesQuerySchema,
    response: favoriteCoursesSchema,
    errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  },
  {
    method: 'GET',
    path: '/api/v2/course-history/',
    summary: '受講履歴（最近開いた順、limit は既定 3、offset、type）。',
    tag: 'course-activity',
    access: 'login+agreements',
    query: courseHistoryQuerySchema,
    response: courseHistorySchema,
    errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  },
  {
    method: 'POST',
    path: '/api/v1/shorten-url',
    summary: 'このサイトのページの URL を短縮する（/s/<code> へのリンクを返す）。他のサイトの URL は 400。',
    tag: 'share',
    access: 'public',
    body: shortenUrlRequestSchema,
    response: shortUrlSchema,
    errors: ['VALIDATION_FAILED'],
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
