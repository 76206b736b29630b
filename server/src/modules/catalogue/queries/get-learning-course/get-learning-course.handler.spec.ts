import { courses, lessons } from '../../../../database/schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { GetLearningCourseHandler } from './get-learning-course.handler';
import { GetLearningCourseQuery } from './get-learning-course.query';

const COURSE_ID = '3f2c0b1e-7d4a-4c2b-9e1f-000000000001';

describe('GetLearningCourseHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: GetLearningCourseHandler;

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new GetLearningCourseHandler(store.connection);
    await store.db.insert(courses).values({
      id: COURSE_ID,
      kind: 'learning',
      program: 'OA',
      slug: 'members-only',
      title: '会員向けコース',
      summary: '概要',
      level: 'ADVANCED',
      categories: ['analytics'],
      estimatedMinutes: 30,
      loginRequired: true,
      position: 0,
      contentHash: 'h',
    });
    await store.db.insert(lessons).values(
      ['second', 'first'].map((slug, index) => ({
        id: `3f2c0b1e-7d4a-4c2b-9e1f-00000000001${index}`,
        courseId: COURSE_ID,
        slug,
        position: 1 - index,
        title: slug,
        kind: 'text' as const,
        estimatedMinutes: 5,
        body: '本文',
        slides: [],
        relatedLinks: [],
        checks: [],
        contentHash: 'h',
      })),
    );
  });
  afterAll(() => store.connection.close());

  it('refuses a course for logged-in learners to a visitor with 403', async () => {
    await expect(handler.execute(new GetLearningCourseQuery('members-only', false))).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('returns it to a logged-in learner, lessons in order', async () => {
    const course = await handler.execute(new GetLearningCourseQuery('members-only', true));
    expect(course).toMatchObject({ slug: 'members-only', lessonCount: 2, path: '/line-official-account/courses/members-only' });
    expect(course.lessons.map((lesson) => lesson.slug)).toEqual(['first', 'second']);
  });

  it('answers 404 for a course of another kind or an unknown slug', async () => {
    await expect(handler.execute(new GetLearningCourseQuery('nothing', true))).rejects.toMatchObject({ status: 404 });
  });
});
