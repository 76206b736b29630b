import { defineRoute } from './define-route.js';

const exams = () => import('../exams.js');

export const startExam = defineRoute({
  method: 'POST',
  path: '/api/v1/certification-courses/:certificationCourseSlug/exam/start/',
  summary: '認定試験を開始する（同じコースの受験中の試験は再開。有効なスキルバッジを持つコースは有効期限の30日前から更新受験として）。問題はトピックごとに抽選・並べ替えて固定され、締め切りはサーバーが決める。',
  tag: 'certification',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'PROFILE_REQUIRED', 'BASIC_REQUIRED', 'EXAM_IN_PROGRESS', 'EXAM_COOLDOWN', 'EXAM_GRADING', 'BADGE_HELD', 'NOT_FOUND', 'CONCURRENCY_CONFLICT'],
  schemas: async () => ({ response: (await exams()).examStartSchema }),
});

export const getExamSession = defineRoute({
  method: 'GET',
  path: '/api/v1/certification-courses/:certificationCourseSlug/exam',
  summary: '受験中の試験（問題と保存済みの解答。正解・解説・トピックは含まない）。',
  tag: 'certification',
  access: 'agreed',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND'],
  schemas: async () => ({ response: (await exams()).examSessionSchema }),
});

export const getCurrentExamSession = defineRoute({
  method: 'GET',
  path: '/api/v1/certification-courses/:certificationCourseSlug/current-exam-session',
  summary: 'このコースの受験中の試験（ID と締め切り）。終了時刻を過ぎた試験や受験中の試験がなければ null（エラーではない）。',
  tag: 'certification',
  access: 'agreed',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  schemas: async () => ({ response: (await exams()).currentExamSessionSchema.nullable() }),
});

export const saveAnswer = defineRoute({
  method: 'PUT',
  path: '/api/v1/exam-sessions/:examSessionId/answers/:questionId',
  summary: '1 問の解答を保存する（保存が確定してから応答する）。締め切り＋猶予を過ぎると EXAM_TIME_OVER。',
  tag: 'certification',
  access: 'agreed',
  rateLimit: 'examAnswer',
  errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'EXAM_TIME_OVER', 'CONCURRENCY_CONFLICT'],
  schemas: async () => {
    const { examSessionParamsSchema, saveAnswerRequestSchema, savedAnswerSchema } = await exams();
    return { params: examSessionParamsSchema, body: saveAnswerRequestSchema, response: savedAnswerSchema };
  },
});

export const submitExam = defineRoute({
  method: 'POST',
  path: '/api/v1/exam-sessions/:examSessionId/submit',
  summary:
    '試験を提出する（まだ保存されていない解答を answers で添えられる）。何度送っても同じ提出。締め切り＋猶予を過ぎると EXAM_TIME_OVER（24 時間後に再受験）。採点はワーカーが行う。',
  tag: 'certification',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'EXAM_TIME_OVER', 'CONCURRENCY_CONFLICT'],
  schemas: async () => {
    const { examSessionParamsSchema, submitExamRequestSchema, examSubmissionSchema } = await exams();
    return { params: examSessionParamsSchema, body: submitExamRequestSchema, response: examSubmissionSchema };
  },
});

export const getLastResult = defineRoute({
  method: 'GET',
  path: '/api/v1/certification-courses/:certificationCourseSlug/last-result',
  summary:
    '最新の採点結果（合否、正答率、トピックごとの内訳、不合格なら次に受験できる時刻）。なければ 404 NOT_FOUND、最新の受験が採点待ちなら 404 RESULT_PENDING（数秒で採点されます）。',
  tag: 'certification',
  access: 'agreed',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'RESULT_PENDING'],
  schemas: async () => ({ response: (await exams()).examResultSchema }),
});
