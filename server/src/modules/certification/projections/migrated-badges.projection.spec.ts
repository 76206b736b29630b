import { eq } from 'drizzle-orm';
import { aCertificationCourseRow } from '../../../testing/catalogue-rows';
import { aLearner, metaOf } from '../../../testing/exam-fixtures';
import { openPgliteStore } from '../../../testing/pglite-store';
import { courses } from '../../catalogue/catalogue.schema';
import { CloudCampusBadgesMigrated } from '../../cloud-campus-migration/events';
import { badges } from '../certification.schema';
import { MigratedBadgesProjection } from './migrated-badges.projection';

describe('MigratedBadgesProjection', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let userId: string;
  let basic: string;
  let advanced: string;

  beforeEach(async () => {
    store = await openPgliteStore();
    new MigratedBadgesProjection(store.eventStore).onModuleInit();
    userId = await aLearner(store);
    [{ id: basic }, { id: advanced }] = await store.db
      .insert(courses)
      .values([aCertificationCourseRow('line-ads-basic', 1), aCertificationCourseRow('line-ads-advanced', 2)])
      .returning({ id: courses.id });
  });
  afterEach(() => store.connection.close());

  const migrated = (carried: CloudCampusBadgesMigrated['data']['badges']) =>
    store.eventStore.commit(metaOf(userId), ({ append }) =>
      append({ streamType: 'user', streamId: userId, expectedVersion: 0 }, [new CloudCampusBadgesMigrated({ email: 'a@example.com', badges: carried })]),
    );
  const held = async () => Object.fromEntries((await store.db.select().from(badges).where(eq(badges.userId, userId))).map((row) => [row.courseId, row]));

  it('awards each carried-over badge on its pass date, and leaves a badge the learner holds for longer as it is', async () => {
    const later = new Date('2028-01-01T00:00:00.000Z');
    await store.db.insert(badges).values({ userId, courseId: advanced, awardedAt: new Date('2026-01-01T00:00:00.000Z'), expiresAt: later, certificateId: null });
    await migrated([
      { courseSlug: 'line-ads-basic', courseId: basic, passedAt: '2025-06-01T00:00:00.000Z', expiresAt: '2026-06-01T00:00:00.000Z', keptLaterBadge: false },
      { courseSlug: 'line-ads-advanced', courseId: advanced, passedAt: '2025-06-01T00:00:00.000Z', expiresAt: '2027-06-01T00:00:00.000Z', keptLaterBadge: true },
    ]);
    const rows = await held();
    expect(rows[basic]).toMatchObject({ awardedAt: new Date('2025-06-01T00:00:00.000Z'), expiresAt: new Date('2026-06-01T00:00:00.000Z'), certificateId: null });
    expect(rows[advanced]).toMatchObject({ expiresAt: later });
  });

  it('replaces a shorter badge and clears its certificate, which belonged to the older award', async () => {
    await store.db.insert(badges).values({
      userId,
      courseId: basic,
      awardedAt: new Date('2024-01-01T00:00:00.000Z'),
      expiresAt: new Date('2025-01-01T00:00:00.000Z'),
      certificateId: '00000000-0000-4000-8000-000000000001',
    });
    await migrated([{ courseSlug: 'line-ads-basic', courseId: basic, passedAt: '2025-06-01T00:00:00.000Z', expiresAt: '2026-06-01T00:00:00.000Z', keptLaterBadge: false }]);
    expect((await held())[basic]).toMatchObject({ awardedAt: new Date('2025-06-01T00:00:00.000Z'), expiresAt: new Date('2026-06-01T00:00:00.000Z'), certificateId: null });
  });
});
