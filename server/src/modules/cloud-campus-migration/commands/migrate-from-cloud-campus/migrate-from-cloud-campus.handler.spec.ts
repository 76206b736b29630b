import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { certificationLevelOf, type CertificationSlug } from '../../../../contracts/catalogue-slugs';
import { events } from '../../../../database/events.schema';
import { courses } from '../../../catalogue/catalogue.schema';
import { badges } from '../../../certification/certification.schema';
import { legacyBadges } from '../../cloud-campus-migration.schema';
import { users } from '../../../identity/identity.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { CloudCampusBadgesMigrated } from '../../events';
import { MigrateFromCloudCampusCommand } from './migrate-from-cloud-campus.command';
import { MigrateFromCloudCampusHandler } from './migrate-from-cloud-campus.handler';
import { AwardBadgesWhenCloudCampusBadgesMigratedHandler } from '../../../certification/reactions/award-badges-when-cloud-campus-badges-migrated.handler';

const meta = { actorId: 'u', requestId: 'r', correlationId: 'r', causationId: null };
const LEARNER = '0c7a3f0e-5b9d-4f6e-9a1b-2c3d4e5f6a7b';
const NEWCOMER = '1d8b4a1f-6cae-4a7f-8b2c-3d4e5f6a7b8c';
const COURSE_IDS: Record<string, string> = {};

const course = (slug: string, badgeValidMonths: number | null, position: number) => {
  COURSE_IDS[slug] = randomUUID();
  return {
    id: COURSE_IDS[slug]!,
    kind: 'certification' as const,
    program: 'AD',
    slug,
    title: slug,
    summary: '',
    level: certificationLevelOf(slug as CertificationSlug),
    categories: [],
    estimatedMinutes: 30,
    badgeValidMonths,
    position,
    contentHash: 'h',
  };
};

describe('MigrateFromCloudCampusHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: MigrateFromCloudCampusHandler;
  const migrate = (userId: string) => handler.execute(new MigrateFromCloudCampusCommand(userId, meta));
  const badgeOf = async (userId: string, slug: string) =>
    (await store.db.select().from(badges).where(and(eq(badges.userId, userId), eq(badges.courseId, COURSE_IDS[slug]!))))[0];

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new MigrateFromCloudCampusHandler(store.eventStore);
    await store.db.insert(courses).values([course('line-ads-basic', null, 1), course('line-ads-advanced', 24, 2), course('yahoo-ads-searchads-basic', null, 3)]);
    await store.db.insert(users).values([
      { id: LEARNER, subject: 'learner', verifiedEmail: 'learner@example.com', canMigrateFromCloudCampus: true, streamVersion: 2 },
      { id: NEWCOMER, subject: 'newcomer', verifiedEmail: null, streamVersion: 1 },
    ]);
    const importedAt = new Date();
    await store.db.insert(legacyBadges).values([
      { email: 'learner@example.com', courseSlug: 'line-ads-basic', passedAt: new Date('2025-06-01T00:00:00Z'), importedAt },
      { email: 'learner@example.com', courseSlug: 'line-ads-advanced', passedAt: new Date('2025-07-01T00:00:00Z'), importedAt },
      { email: 'learner@example.com', courseSlug: 'yahoo-ads-searchads-basic', passedAt: new Date('2025-01-01T00:00:00Z'), importedAt },
      // Not in this catalogue: stays waiting.
      { email: 'learner@example.com', courseSlug: 'line-official-account-basic', passedAt: new Date('2025-01-01T00:00:00Z'), importedAt },
    ]);
    // Passed again here: a badge valid longer than the migrated one would be.
    await store.db.insert(badges).values({
      userId: LEARNER,
      courseId: COURSE_IDS['yahoo-ads-searchads-basic']!,
      awardedAt: new Date('2026-01-01T00:00:00Z'),
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    });
  });
  afterAll(() => store.connection.close());

  it('marks the records and clears the flag in one event, from which certification then awards badges from the pass dates, keeping a later badge', async () => {
    const result = await migrate(LEARNER);
    expect(result).toEqual({ migratedCourseSlugs: ['line-ads-basic', 'line-ads-advanced', 'yahoo-ads-searchads-basic'] });
    // The migration's transaction made no badge: certification makes them after commit, from the event (its job, run by hand here).
    expect(await badgeOf(LEARNER, 'line-ads-basic')).toBeUndefined();
    const [migrated] = await store.storedEvents();
    await new AwardBadgesWhenCloudCampusBadgesMigratedHandler(store.eventStore).handle(migrated!);

    expect(await badgeOf(LEARNER, 'line-ads-basic')).toMatchObject({
      awardedAt: new Date('2025-06-01T00:00:00Z'),
      expiresAt: new Date('2026-06-01T00:00:00Z'),
    });
    expect((await badgeOf(LEARNER, 'line-ads-advanced'))!.expiresAt).toEqual(new Date('2027-07-01T00:00:00Z'));
    expect(await badgeOf(LEARNER, 'yahoo-ads-searchads-basic')).toMatchObject({
      awardedAt: new Date('2026-01-01T00:00:00Z'),
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    });

    const records = await store.db.select().from(legacyBadges).orderBy(legacyBadges.courseSlug);
    expect(records.map((row) => [row.courseSlug, row.migratedUserId])).toEqual([
      ['line-ads-advanced', LEARNER],
      ['line-ads-basic', LEARNER],
      ['line-official-account-basic', null],
      ['yahoo-ads-searchads-basic', LEARNER],
    ]);
    const [user] = await store.db.select().from(users).where(eq(users.id, LEARNER));
    expect(user).toMatchObject({ canMigrateFromCloudCampus: false, streamVersion: 3 });
    const stored = await store.db.select().from(events).where(eq(events.streamId, LEARNER));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: 'CloudCampusBadgesMigrated', streamType: 'user', version: 3, meta });
    // The facts certification computes the expiry from: the pass date and the course's months (null: the default).
    expect((stored[0]!.data as CloudCampusBadgesMigrated['data']).badges.map((badge) => [badge.courseSlug, badge.passedAt, badge.validMonths])).toEqual([
      ['line-ads-basic', '2025-06-01T00:00:00.000Z', null],
      ['line-ads-advanced', '2025-07-01T00:00:00.000Z', 24],
      ['yahoo-ads-searchads-basic', '2025-01-01T00:00:00.000Z', null],
    ]);
    // Then certification's: a BadgeAwarded per badge it made (not for the one kept), on the carried-badge streams.
    expect((await store.storedEvents()).map((event) => [event.type, event.streamType])).toEqual([
      [new CloudCampusBadgesMigrated({} as never).type, 'user'],
      ['BadgeAwarded', 'carried-badge'],
      ['BadgeAwarded', 'carried-badge'],
    ]);
  });

  it('answers an empty list the second time, without a new event', async () => {
    expect(await migrate(LEARNER)).toEqual({ migratedCourseSlugs: [] });
    expect(await store.db.select().from(events).where(eq(events.streamId, LEARNER))).toHaveLength(1);
  });

  it('answers an empty list to a learner without a verified e-mail', async () => {
    expect(await migrate(NEWCOMER)).toEqual({ migratedCourseSlugs: [] });
    expect(await store.db.select().from(badges).where(eq(badges.userId, NEWCOMER))).toEqual([]);
  });

  it('two calls at once migrate once', async () => {
    await store.db.update(legacyBadges).set({ migratedAt: null, migratedUserId: null });
    await store.db.delete(badges);
    const results = await Promise.all([migrate(LEARNER), migrate(LEARNER)]);
    expect(results.map((result) => result.migratedCourseSlugs.length).sort()).toEqual([0, 3]);
  });

  it('answers LOGIN_REQUIRED for a user that does not exist', async () => {
    await expect(migrate('5d2f9c1e-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'LOGIN_REQUIRED', status: 401 });
  });
});
