import { defineRoute } from './define-route.js';

const studio = () => import('../studio-courses.js');

export const listStudioCourses = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/courses',
  summary: 'スタジオのコース一覧（管理者のみ）。公開中・非公開・下書きのすべて。種類・プログラム・状態・キーワードで絞り込める。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { studioCourseListQuerySchema, studioCourseListSchema } = await studio();
    return { query: studioCourseListQuerySchema, response: studioCourseListSchema };
  },
});

export const createCourseDraft = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/studio/courses',
  summary: '新しいコースを下書きとして作る（管理者のみ）。公開するまで受講者には見えない。',
  tag: 'admin',
  access: 'admin',
  created: true,
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED'],
  schemas: async () => {
    const { z } = await import('zod');
    const { createCourseDraftRequestSchema } = await studio();
    return { body: createCourseDraftRequestSchema, response: z.object({ courseId: z.string() }) };
  },
});

export const getCourseDraft = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/courses/:courseId',
  summary: 'コースの下書き（なければ公開中の内容）と、公開できない理由（管理者のみ）。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await studio()).courseDraftSchema }),
});

export const saveCourseDraft = defineRoute({
  method: 'PUT',
  path: '/api/v1/admin/studio/courses/:courseId/draft',
  summary: 'コースの下書きを保存する（管理者のみ）。expectedVersion が古いと 409（他の管理者が先に更新しました）。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'CONCURRENCY_CONFLICT', 'PAYLOAD_TOO_LARGE'],
  schemas: async () => {
    const { z } = await import('zod');
    return { body: (await studio()).saveCourseDraftRequestSchema, response: z.object({ version: z.number().int() }) };
  },
});

export const publishCourse = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/studio/courses/:courseId/publish',
  summary: 'コースの下書きを公開する（管理者のみ）。コースとレッスンは 1 つのトランザクションで入れ替わる。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'CONCURRENCY_CONFLICT'],
  schemas: async () => {
    const { z } = await import('zod');
    return { body: (await studio()).courseVersionRequestSchema, response: z.object({ version: z.number().int() }) };
  },
});

export const unpublishCourse = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/studio/courses/:courseId/unpublish',
  summary: '公開中のコースを非公開にする（管理者のみ）。受講の記録は残る。',
  tag: 'admin',
  access: 'admin',
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'CONCURRENCY_CONFLICT'],
  schemas: async () => {
    const { z } = await import('zod');
    return { body: (await studio()).courseVersionRequestSchema, response: z.object({ version: z.number().int() }) };
  },
});

export const uploadStudioMedia = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/studio/uploads/:mediaKind',
  summary:
    'スライドの PDF・動画（MP4/WebM）・字幕（WebVTT）・サムネイル画像をアップロードする（管理者のみ）。本文はファイルそのもの（Content-Type はファイルの形式）。上限を超えると 413。',
  tag: 'admin',
  access: 'admin',
  created: true,
  rateLimit: 'adminWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  schemas: async () => {
    const { z } = await import('zod');
    const { studioUploadSchema } = await studio();
    return {
      params: z.object({ mediaKind: z.enum(['pdf', 'video', 'captions', 'thumbnail'], 'mediaKind は pdf / video / captions / thumbnail のいずれかです') }),
      response: studioUploadSchema,
    };
  },
});

export const previewLessonMarkdown = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/studio/lesson-previews',
  summary: 'レッスン本文（Markdown）をレッスンページと同じ方法で HTML にする（管理者のみ、何も保存しない）。',
  tag: 'admin',
  access: 'admin',
  // Asked as the admin types (debounced), like the printable-name check: the write class's 60 a minute would cut it off.
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE'],
  schemas: async () => {
    const { lessonPreviewRequestSchema, lessonPreviewSchema } = await studio();
    return { body: lessonPreviewRequestSchema, response: lessonPreviewSchema };
  },
});

export const previewDraftCourse = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/courses/:courseId/preview',
  summary: '下書きのコースを受講者のコースページと同じ形で返す（管理者のみ、公開しない）。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await import('../catalogue.js')).courseDetailSchema }),
});

export const previewDraftLesson = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/studio/courses/:courseId/lessons/:lessonSlug/preview',
  summary: '下書きのレッスンを受講者のレッスンページと同じ形で返す（管理者のみ、公開しない）。',
  tag: 'admin',
  access: 'admin',
  errors: ['LOGIN_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await import('../lessons.js')).lessonDetailSchema }),
});
