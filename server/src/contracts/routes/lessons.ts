import { defineRoute } from './define-route.js';

const lessons = () => import('../lessons.js');

const lessonSummary = (kindName: string) =>
  `${kindName}のレッスン（本文、スライド・動画はダウンロードプロキシ経由の URL、確認問題、前後のレッスン）。ログインした方だけのレッスンは、ログインしていなければ 403。`;
const completionSummary = 'レッスンを完了にする（何度送っても一度だけ）。最後のレッスンでコースが完了し、まだ評価していなければ feedbackPopupType が返る。';

export const getLesson = defineRoute({
  method: 'GET',
  path: '/api/v1/:kind-courses/:courseSlug/lessons/:lessonSlug',
  kinds: ['learning', 'certification', 'video'],
  summary: lessonSummary,
  tag: 'lessons',
  access: 'public',
  errors: ['FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await lessons()).lessonDetailSchema }),
});

/** A seminar has one lesson, addressed through its course. */
export const getSeminarLesson = defineRoute({
  method: 'GET',
  path: '/api/v1/seminar-courses/:courseSlug/lesson',
  summary: lessonSummary('セミナー'),
  tag: 'lessons',
  access: 'public',
  errors: ['FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await lessons()).lessonDetailSchema }),
});

export const completeLesson = defineRoute({
  method: 'PUT',
  path: '/api/v1/:kind-courses/:courseSlug/lessons/:lessonSlug/mark-as-completed',
  kinds: ['learning', 'certification', 'video'],
  summary: completionSummary,
  tag: 'lessons',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'CONCURRENCY_CONFLICT'],
  schemas: async () => ({ response: (await lessons()).lessonCompletionSchema }),
});

export const completeSeminarLesson = defineRoute({
  method: 'PUT',
  path: '/api/v1/seminar-courses/:courseSlug/lesson/mark-as-completed',
  summary: completionSummary,
  tag: 'lessons',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'CONCURRENCY_CONFLICT'],
  schemas: async () => ({ response: (await lessons()).lessonCompletionSchema }),
});

export const giveCourseFeedback = defineRoute({
  method: 'POST',
  path: '/api/v1/:kind-courses/:courseSlug/feedback',
  kinds: ['learning', 'certification', 'video', 'seminar'],
  summary: 'コースの評価（score 1〜5、freetext は 1000 文字まで、feedbackPopupType）。同じきっかけの評価は一度だけ保存される。',
  tag: 'lessons',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  schemas: async () => {
    const { feedbackRequestSchema, feedbackReceiptSchema } = await lessons();
    return { body: feedbackRequestSchema, response: feedbackReceiptSchema };
  },
});

export const answerLessonQuestionnaire = defineRoute({
  method: 'POST',
  path: '/api/v1/questionnaires/lesson/answers',
  summary: 'レッスンのアンケート（役に立ったか、任意のコメント 1000 文字まで）。ログインしていなくても送れる。',
  tag: 'lessons',
  access: 'public',
  rateLimit: 'anonymousWrite',
  errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  schemas: async () => {
    const { lessonQuestionnaireRequestSchema, feedbackReceiptSchema } = await lessons();
    return { body: lessonQuestionnaireRequestSchema, response: feedbackReceiptSchema };
  },
});

export const download = defineRoute({
  method: 'GET',
  path: '/api/v1/download',
  summary:
    '承認済みの保存先（開発ではこのサイトの /media/）のファイルを、このオリジンから配信する。範囲リクエスト可。他のホスト、ユーザー情報付き URL、IP アドレス、非公開アドレスに解決される名前、許可外へのリダイレクトは拒否。',
  tag: 'lessons',
  access: 'public',
  ignoresSession: true,
  navigation: true,
  file: 'application/octet-stream',
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'UPSTREAM_FAILED'],
  schemas: async () => ({ query: (await lessons()).downloadQuerySchema }),
});

/** A lesson's media through the download proxy. */
export const downloadUrlOf = (url: string) => `${download.path}?url=${encodeURIComponent(url)}`;

/**
 * A file of the media storage (its path under MEDIA_BASE_URL) through the download proxy: the one address
 * the lesson API, the studio and the page's HTML (which preloads a lesson's first slide) all give it.
 */
export const mediaDownloadUrlOf = (mediaBaseUrl: string, storagePath: string) => downloadUrlOf(`${mediaBaseUrl}${storagePath}`);
