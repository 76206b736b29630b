import { courses, lessons } from '../../../catalogue/catalogue.schema';
import { users } from '../../../identity/identity.schema';
import { lessonCompletions } from '../../../lessons/lessons.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { GetCourseHandler } from './get-course.handler';
import { GetCourseQuery } from './get-course.query';

const COURSE_ID = '3f2c0b1e-7d4a-4c2b-9e1f-000000000001';
// Lessons are inserted as ['second', 'first'], so 'first' gets the id ending in 11.
const FIRST_LESSON_ID = '3f2c0b1e-7d4a-4c2b-9e1f-000000000011';
const LEARNER_ID = '3f2c0b1e-7d4a-4c2b-9e1f-0000000000aa';

describe('GetCourseHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: GetCourseHandler;

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new GetCourseHandler(store.connection);
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
    await expect(handler.execute(new GetCourseQuery('learning', 'members-only', null))).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('returns it to a logged-in learner, lessons in order', async () => {
    const course = await handler.execute(new GetCourseQuery('learning', 'members-only', LEARNER_ID));
    expect(course).toMatchObject({ slug: 'members-only', lessonCount: 2, path: '/line-official-account/courses/members-only' });
    expect(course.lessons.map((lesson) => lesson.slug)).toEqual(['first', 'second']);
  });

  it('answers 404 for a course of another kind or an unknown slug', async () => {
    await expect(handler.execute(new GetCourseQuery('learning', 'nothing', LEARNER_ID))).rejects.toMatchObject({ status: 404 });
    await expect(handler.execute(new GetCourseQuery('seminar', 'members-only', LEARNER_ID))).rejects.toMatchObject({ status: 404 });
  });

  it("ticks the lessons the learner completed and counts them on the course", async () => {
    await store.db.insert(users).values({ id: LEARNER_ID, subject: 'learner-progress' });
    await store.db.insert(lessonCompletions).values({ userId: LEARNER_ID, lessonId: FIRST_LESSON_ID, courseId: COURSE_ID, completedAt: new Date() });
    const course = await handler.execute(new GetCourseQuery('learning', 'members-only', LEARNER_ID));
    expect(course).toMatchObject({ completedLessonCount: 1, isStarted: true, isFavorite: false });
    expect(course.lessons.map((lesson) => [lesson.slug, lesson.isCompleted])).toEqual([['first', true], ['second', false]]);
  });
});
