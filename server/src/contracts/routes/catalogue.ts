import { defineRoute } from './define-route.js';

const catalogue = () => import('../catalogue.js');

export const getPrograms = defineRoute({
  method: 'GET',
  path: '/api/v1/programs/',
  summary: '3 つのプログラム（サービス）の名前と説明。',
  tag: 'catalogue',
  access: 'public',
  schemas: async () => ({ response: (await catalogue()).programsSchema }),
});

export const getCategories = defineRoute({
  method: 'GET',
  path: '/api/v1/categories/',
  summary: 'プログラムのカテゴリー。',
  tag: 'catalogue',
  access: 'public',
  errors: ['VALIDATION_FAILED'],
  schemas: async () => {
    const { categoriesQuerySchema, categoriesSchema } = await catalogue();
    return { query: categoriesQuerySchema, response: categoriesSchema };
  },
});

export const getFeatured = defineRoute({
  method: 'GET',
  path: '/api/v1/featured/',
  summary: 'トップページのピックアップ。',
  tag: 'catalogue',
  access: 'public',
  schemas: async () => ({ response: (await catalogue()).featuredItemsSchema }),
});

export const getCampaign = defineRoute({
  method: 'GET',
  path: '/api/v1/campaign',
  summary: '開催中のキャンペーン（日本時間の今日）。',
  tag: 'catalogue',
  access: 'public',
  errors: ['NOT_FOUND'],
  schemas: async () => ({ response: (await catalogue()).campaignSchema }),
});

export const listLearningCourses = defineRoute({
  method: 'GET',
  path: '/api/v1/learning-courses/',
  summary:
    '学習コースの一覧（program / level / category は繰り返し指定またはカンマ区切り、page・limit でページ送り）。isStarted=false（未受講）と isFavorite=true（受講したいリスト）はログインが必要。',
  tag: 'catalogue',
  access: 'public',
  errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED'],
  schemas: async () => {
    const { learningCoursesQuerySchema, courseCardPageSchema } = await catalogue();
    return { query: learningCoursesQuerySchema, response: courseCardPageSchema };
  },
});

export const listProgramCourses = defineRoute({
  method: 'GET',
  path: '/api/v1/:kind-courses',
  kinds: ['seminar', 'video'],
  summary: (kindName) => `${kindName}の一覧（program は繰り返し指定またはカンマ区切り）。`,
  tag: 'catalogue',
  access: 'public',
  errors: ['VALIDATION_FAILED'],
  schemas: async () => {
    const { programFilterQuerySchema, courseCardsSchema } = await catalogue();
    return { query: programFilterQuerySchema, response: courseCardsSchema };
  },
});

export const getCourse = defineRoute({
  method: 'GET',
  path: '/api/v1/:kind-courses/:courseSlug',
  kinds: ['learning', 'seminar', 'video'],
  summary: (kindName) => `${kindName}とレッスンの一覧、ログインしていれば進み具合。ログインした方だけのコースは、ログインしていなければ 403。`,
  tag: 'catalogue',
  access: 'public',
  errors: ['FORBIDDEN', 'NOT_FOUND'],
  schemas: async () => ({ response: (await catalogue()).courseDetailSchema }),
});

export const listCertificationCourses = defineRoute({
  method: 'GET',
  path: '/api/v1/certification-courses/',
  summary: '認定コースの一覧と、ログインしていればスキルバッジの状態（available / unavailable / expired）。',
  tag: 'catalogue',
  access: 'public',
  schemas: async () => ({ response: (await catalogue()).certificationCourseCardsSchema }),
});

export const getCertificationCourse = defineRoute({
  method: 'GET',
  path: '/api/v1/certification-courses/:certificationCourseSlug',
  summary: '認定コースの詳細（試験の設定、ログイン中なら自分の試験時間の延長、レッスン、スキルバッジの状態）。',
  tag: 'catalogue',
  access: 'public',
  errors: ['NOT_FOUND'],
  schemas: async () => ({ response: (await catalogue()).certificationCourseDetailSchema }),
});
