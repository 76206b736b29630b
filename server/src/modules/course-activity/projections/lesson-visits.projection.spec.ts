import { and, eq } from 'drizzle-orm';
import { aCertificationCourseRow } from '../../../testing/catalogue-rows';
import { aLearner, metaOf } from '../../../testing/exam-fixtures';
import { openPgliteStore } from '../../../testing/pglite-store';
import { courses } from '../../catalogue/catalogue.schema';
import { LESSON_PROGRESS_STREAM, LessonCompleted, lessonProgressStreamId } from '../../lessons/events';
import { courseActivity } from '../course-activity.schema';
import { LessonVisitsProjection } from './lesson-visits.projection';

describe('LessonVisitsProjection', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let userId: string;
  let courseId: string;

  beforeEach(async () => {
    store = await openPgliteStore();
    new LessonVisitsProjection(store.eventStore).onModuleInit();
    userId = await aLearner(store);
    [{ id: courseId }] = await store.db.insert(courses).values(aCertificationCourseRow('line-ads-basic', 1)).returning({ id: courses.id });
  });
  afterEach(() => store.connection.close());

  const complete = (version: number, completedAt: string) =>
    store.eventStore.commit(metaOf(userId), ({ append }) =>
      append({ streamType: LESSON_PROGRESS_STREAM, streamId: lessonProgressStreamId(userId, courseId), expectedVersion: version }, [
        new LessonCompleted({ courseId, courseKind: 'certification', courseSlug: 'line-ads-basic', lessonId: `l${version}`, lessonSlug: `l${version}`, completedAt }),
      ]),
    );
  const row = async () => (await store.db.select().from(courseActivity).where(and(eq(courseActivity.userId, userId), eq(courseActivity.courseId, courseId))))[0];

  it('puts the course in the history at the completion, inside the commit', async () => {
    await complete(0, '2026-04-01T01:00:00.000Z');
    expect(await row()).toMatchObject({
      firstVisitedAt: new Date('2026-04-01T01:00:00.000Z'),
      lastVisitedAt: new Date('2026-04-01T01:00:00.000Z'),
      isFavorite: false,
      streamVersion: 0,
    });
  });

  it('keeps the first visit, the wish and course-activity’s own stream version; moves the last visit', async () => {
    await store.db.insert(courseActivity).values({
      userId,
      courseId,
      isFavorite: true,
      firstVisitedAt: new Date('2026-03-01T00:00:00.000Z'),
      lastVisitedAt: new Date('2026-03-02T00:00:00.000Z'),
      streamVersion: 4,
    });
    await complete(0, '2026-04-01T01:00:00.000Z');
    await complete(1, '2026-04-02T01:00:00.000Z');
    expect(await row()).toMatchObject({
      firstVisitedAt: new Date('2026-03-01T00:00:00.000Z'),
      lastVisitedAt: new Date('2026-04-02T01:00:00.000Z'),
      isFavorite: true,
      streamVersion: 4,
    });
  });

  it('leaves nothing behind when the completion is rolled back', async () => {
    await expect(
      store.eventStore.commit(metaOf(userId), async ({ append }) => {
        await append({ streamType: LESSON_PROGRESS_STREAM, streamId: lessonProgressStreamId(userId, courseId), expectedVersion: 0 }, [
          new LessonCompleted({ courseId, courseKind: 'certification', courseSlug: 'line-ads-basic', lessonId: 'l', lessonSlug: 'l', completedAt: '2026-04-01T01:00:00.000Z' }),
        ]);
        throw new Error('the command fails after its append');
      }),
    ).rejects.toThrow('the command fails after its append');
    expect(await row()).toBeUndefined();
  });
});
