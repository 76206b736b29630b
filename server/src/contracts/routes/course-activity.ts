import { defineRoute } from './define-route.js';

const courseActivity = () => import('../course-activity.js');

export const setFavorite = defineRoute({
  method: 'PUT',
  path: '/api/v1/:kind-courses/:courseSlug/is-favorite',
  kinds: ['learning', 'seminar', 'certification'],
  summary: (kindName) => `${kindName}を受講したいリストに入れる（value: true）・外す（value: false）。同じ値をもう一度送っても変化しない。`,
  tag: 'course-activity',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'CONCURRENCY_CONFLICT'],
  schemas: async () => {
    const { setFavoriteRequestSchema, favoriteStateSchema } = await courseActivity();
    return { body: setFavoriteRequestSchema, response: favoriteStateSchema };
  },
});

export const markCourseVisited = defineRoute({
  method: 'PUT',
  path: '/api/v1/:kind-courses/:courseSlug/mark-as-visited',
  kinds: ['learning', 'seminar', 'certification'],
  summary: (kindName) => `${kindName}を開いたことを受講履歴に残す。`,
  tag: 'course-activity',
  access: 'agreed',
  rateLimit: 'learnerWrite',
  errors: ['LOGIN_REQUIRED', 'AGREEMENT_REQUIRED', 'NOT_FOUND', 'CONCURRENCY_CONFLICT'],
  schemas: async () => ({ response: (await courseActivity()).courseVisitSchema }),
});

export const listFavoriteCourses = defineRoute({
  method: 'GET',
  path: '/api/v2/favorite-courses',
  summary: '受講したいリスト（新しく入れた順、type で種類を絞り込み）。',
  tag: 'course-activity',
  access: 'agreed',
  errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  schemas: async () => {
    const { favoriteCoursesQuerySchema, favoriteCoursesSchema } = await courseActivity();
    return { query: favoriteCoursesQuerySchema, response: favoriteCoursesSchema };
  },
});

export const listCourseHistory = defineRoute({
  method: 'GET',
  path: '/api/v2/course-history',
  summary: '受講履歴（最近開いた順、limit は既定 3、offset、type。inProgress=true で学習途中のコースだけ）。',
  tag: 'course-activity',
  access: 'agreed',
  errors: ['VALIDATION_FAILED', 'LOGIN_REQUIRED', 'AGREEMENT_REQUIRED'],
  schemas: async () => {
    const { courseHistoryQuerySchema, courseHistorySchema } = await courseActivity();
    return { query: courseHistoryQuerySchema, response: courseHistorySchema };
  },
});
