import { defineRoute } from './define-route.js';

const questions = () => import('../studio-questions.js');

export const listQuestionBanks = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/questions',
  summary: '認定コースごとの問題バンクの大きさ（管理者のみ）: 状態（下書き・レビュー中・公開中・廃止）ごとの問題数。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN'],
  schemas: async () => ({ response: (await questions()).questionBankListSchema }),
});

export const getQuestionBank = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/questions/:courseSlug',
  summary: '認定コースの問題バンク（管理者のみ）: 各問題の最新の版と状態、公開中の版、出題設計（ブループリント）と分野ごとの公開数。状態・分野・形式・キーワードで絞り込める。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { questionBankQuerySchema, questionBankSchema } = await questions();
    return { query: questionBankQuerySchema, response: questionBankSchema };
  },
});

export const createQuestion = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/studio/questions/:courseSlug',
  summary: '問題を新しく書く（管理者のみ）。第 1 版の下書きになり、公開するまで出題されない。',
  tag: 'admin',
  access: 'admin',
  created: true,
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE'],
  schemas: async () => {
    const { saveQuestionRequestSchema, bankQuestionSchema } = await questions();
    return { body: saveQuestionRequestSchema, response: bankQuestionSchema };
  },
});

export const saveQuestion = defineRoute({
  method: 'PUT',
  path: '/api/v1/admin/studio/questions/:courseSlug/:questionId',
  summary: '問題を編集する（管理者のみ）。編集はいつも新しい版の下書きになる。expectedVersion が最新でなければ 409（他の管理者が先に更新しました）。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'STALE_VERSION', 'PAYLOAD_TOO_LARGE'],
  schemas: async () => {
    const { saveQuestionRequestSchema, bankQuestionSchema } = await questions();
    return { body: saveQuestionRequestSchema, response: bankQuestionSchema };
  },
});

export const changeQuestionStatus = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/studio/questions/:courseSlug/:questionId/status',
  summary:
    '問題をレビューに回す・公開する・廃止する（管理者のみ）。公開でその版が出題の対象になり、廃止で出題されなくなる（受験中・採点済みの試験は引いた版のまま）。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'STALE_VERSION'],
  schemas: async () => {
    const { changeQuestionStatusRequestSchema, bankQuestionSchema } = await questions();
    return { body: changeQuestionStatusRequestSchema, response: bankQuestionSchema };
  },
});

export const listQuestionVersions = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/questions/:courseSlug/:questionId/versions',
  summary: '問題のすべての版（管理者のみ）、新しい順。誰がいつ書いたかつき。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await questions()).questionVersionsSchema }),
});

export const updateExamBlueprint = defineRoute({
  method: 'PUT',
  path: '/api/v1/admin/studio/blueprints/:courseSlug',
  summary: '出題設計（分野ごとの出題数、制限時間、合格点、再受験までの時間、バッジの有効期間）を変える（管理者のみ）。公開中の問題で満たせない設計は、足りない分野を示して断る。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'STALE_VERSION'],
  schemas: async () => {
    const { z } = await import('zod');
    return { body: (await questions()).updateBlueprintRequestSchema, response: z.object({ courseVersion: z.number().int() }) };
  },
});

export const exportQuestionBank = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/questions/:courseSlug/questions.yaml',
  summary: '公開中の問題を content パックの questions.yaml の形式でダウンロードする（管理者のみ）。',
  tag: 'admin',
  access: 'admin',
  navigation: true,
  file: 'application/yaml',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
});

export const importQuestionBank = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/studio/questions/:courseSlug/import',
  summary:
    'questions.yaml（content パックの形式、1 MB まで）を取り込む（管理者のみ）。新しい問題と内容の変わった問題が下書きの新しい版になり、同じ問題はそのまま。1 問でも誤りがあれば何も取り込まず、何問目のどの項目かを示す。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE'],
  schemas: async () => {
    const { importQuestionsRequestSchema, importQuestionsResultSchema } = await questions();
    return { body: importQuestionsRequestSchema, response: importQuestionsResultSchema };
  },
});

export const previewExamDraw = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/questions/:courseSlug/preview',
  summary: '出題設計どおりに作業中の問題（下書きを含む、廃止を除く各問題の最新の版）から引いた見本の試験（管理者のみ）。何も保存しない。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await questions()).examPreviewSchema }),
});
