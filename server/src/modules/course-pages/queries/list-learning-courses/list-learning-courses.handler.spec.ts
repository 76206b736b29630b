import { courses } from '../../../catalogue/catalogue.schema';
import { courseActivity } from '../../../course-activity/course-activity.schema';
import { users } from '../../../identity/identity.schema';
import { learningCoursesQuerySchema } from '../../../../contracts/catalogue';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { ListLearningCoursesHandler } from './list-learning-courses.handler';
import { ListLearningCoursesQuery } from './list-learning-courses.query';

const LEARNER = '7d1e2f30-0000-4000-8000-0000000000aa';
const id = (n: number) => `7d1e2f30-0000-4000-8000-00000000000${n}`;

const course = (n: number, program: string, level: 'BEGINNER' | 'ADVANCED', categories: string[]) => ({
  id: id(n),
  kind: 'learning' as const,
  program,
  slug: `course-${n}`,
  title: `コース${n}`,
  summary: '概要',
  level,
  categories,
  estimatedMinutes: 10,
  position: n,
  contentHash: 'h',
});

describe('ListLearningCoursesHandler (the prepared statements, on the embedded database)', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: ListLearningCoursesHandler;
  const list = (query: Record<string, string>, userId: string | null = LEARNER) =>
    handler.execute(new ListLearningCoursesQuery(learningCoursesQuerySchema.parse(query), userId));
  const slugsOf = async (query: Record<string, string>, userId: string | null = LEARNER) => (await list(query, userId)).items.map((item) => item.slug);

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new ListLearningCoursesHandler(store.connection);
    await store.db.insert(courses).values([
      course(1, 'OA', 'BEGINNER', ['friends']),
      course(2, 'OA', 'ADVANCED', ['analytics', 'friends']),
      course(3, 'AD', 'BEGINNER', ['bidding']),
      { ...course(4, 'AD', 'ADVANCED', ['bidding']), kind: 'seminar' as const },
    ]);
    await store.db.insert(users).values({ id: LEARNER, subject: 'list-learner' });
    await store.db.insert(courseActivity).values([
      { userId: LEARNER, courseId: id(1), isFavorite: true, favoritedAt: new Date() },
      { userId: LEARNER, courseId: id(2), firstVisitedAt: new Date(), lastVisitedAt: new Date() },
    ]);
  });
  afterAll(() => store.connection.close());

  it('lists learning courses only, easiest first, for visitors and learners alike', async () => {
    expect(await slugsOf({}, null)).toEqual(['course-1', 'course-3', 'course-2']);
    expect(await slugsOf({})).toEqual(['course-1', 'course-3', 'course-2']);
  });

  it('combines program, level and any-of-category filters', async () => {
    expect(await slugsOf({ program: 'OA' })).toEqual(['course-1', 'course-2']);
    expect(await slugsOf({ program: 'OA', level: 'ADVANCED' })).toEqual(['course-2']);
    expect(await slugsOf({ category: 'analytics,bidding' })).toEqual(['course-3', 'course-2']);
  });

  it('maps the learner’s own filters and flags', async () => {
    expect(await slugsOf({ isFavorite: 'true' })).toEqual(['course-1']);
    expect(await slugsOf({ isStarted: 'false' })).toEqual(['course-1', 'course-3']);
    expect(await slugsOf({ isStarted: 'false', isFavorite: 'true' })).toEqual(['course-1']);
    const [first, second] = (await list({ program: 'OA' })).items;
    expect(first).toMatchObject({ isFavorite: true, isStarted: false });
    expect(second).toMatchObject({ isFavorite: false, isStarted: true });
    expect((await list({ program: 'OA' }, null)).items.every((item) => !item.isFavorite && !item.isStarted)).toBe(true);
  });

  it('pages, counting the whole filtered list', async () => {
    expect(await list({ limit: '2', page: '2' })).toMatchObject({ total: 3, page: 2, limit: 2, items: [expect.objectContaining({ slug: 'course-2' })] });
  });

  it('asks a visitor to log in for the learner’s own filters', async () => {
    await expect(list({ isFavorite: 'true' }, null)).rejects.toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
  });
});
