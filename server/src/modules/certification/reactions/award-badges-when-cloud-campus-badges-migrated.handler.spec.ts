import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StoredEvent } from '../../../database/event-store';
import { courses } from '../../catalogue/catalogue.schema';
import { users } from '../../identity/identity.schema';
import { aCertificationCourseRow } from '../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../testing/pglite-store';
import { badges, migratedBadgeApplications } from '../certification.schema';
import { AwardBadgesWhenCloudCampusBadgesMigratedHandler } from './award-badges-when-cloud-campus-badges-migrated.handler';

const LEARNER = randomUUID();
const BASIC = randomUUID();
const ADVANCED = randomUUID();

/** The migration's event as the relay hands it over (the learner's user stream). */
const migrated = (badgesCarried: unknown[]): StoredEvent => ({
  seq: 1,
  id: randomUUID(),
  streamType: 'user',
  streamId: LEARNER,
  version: 3,
  type: 'CloudCampusBadgesMigrated',
  data: { email: 'learner@example.com', badges: badgesCarried },
  meta: { actorId: LEARNER, requestId: 'r', correlationId: 'r', causationId: null },
  occurredAt: new Date().toISOString(),
});

describe('AwardBadgesWhenCloudCampusBadgesMigratedHandler (on PGlite)', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: AwardBadgesWhenCloudCampusBadgesMigratedHandler;
  const badgesOf = () => store.db.select({ courseId: badges.courseId, awardedAt: badges.awardedAt, expiresAt: badges.expiresAt }).from(badges).where(eq(badges.userId, LEARNER));

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new AwardBadgesWhenCloudCampusBadgesMigratedHandler(store.eventStore);
    await store.db.insert(courses).values([{ ...aCertificationCourseRow('line-ads-basic', 1), id: BASIC }, { ...aCertificationCourseRow('line-ads-advanced', 2), id: ADVANCED }]);
    await store.db.insert(users).values({ id: LEARNER, subject: 'learner' });
  });
  afterAll(() => store.connection.close());

  it('makes each badge from its pass date and months, once per event however often the job runs', async () => {
    const event = migrated([
      { courseSlug: 'line-ads-basic', courseId: BASIC, passedAt: '2025-06-01T00:00:00.000Z', validMonths: null },
      { courseSlug: 'line-ads-advanced', courseId: ADVANCED, passedAt: '2025-07-01T00:00:00.000Z', validMonths: 24 },
    ]);
    await handler.handle(event);
    await handler.handle(event);
    expect(await badgesOf()).toEqual(
      expect.arrayContaining([
        { courseId: BASIC, awardedAt: new Date('2025-06-01T00:00:00Z'), expiresAt: new Date('2026-06-01T00:00:00Z') },
        { courseId: ADVANCED, awardedAt: new Date('2025-07-01T00:00:00Z'), expiresAt: new Date('2027-07-01T00:00:00Z') },
      ]),
    );
    expect(await store.db.select().from(migratedBadgeApplications)).toEqual([{ eventId: event.id, appliedAt: expect.any(Date) }]);
    // One BadgeAwarded per badge made, on its carried-badge stream, caused by the migration's event.
    const awarded = (await store.storedEvents()).filter((stored) => stored.type === 'BadgeAwarded');
    expect(awarded.map((stored) => [stored.streamType, stored.streamId, stored.version, stored.meta.causationId])).toEqual([
      ['carried-badge', `${LEARNER}:${BASIC}`, 1, event.id],
      ['carried-badge', `${LEARNER}:${ADVANCED}`, 1, event.id],
    ]);
    expect(awarded[0]!.data).toEqual({ userId: LEARNER, courseId: BASIC, awardedAt: '2025-06-01T00:00:00.000Z', expiresAt: '2026-06-01T00:00:00.000Z' });
  });

  it('never shortens a badge held for longer, and announces nothing for it', async () => {
    const before = (await store.storedEvents()).length;
    await handler.handle(migrated([{ courseSlug: 'line-ads-basic', courseId: BASIC, passedAt: '2025-01-01T00:00:00.000Z', validMonths: null }]));
    expect((await badgesOf()).find((badge) => badge.courseId === BASIC)).toMatchObject({ expiresAt: new Date('2026-06-01T00:00:00Z') });
    expect(await store.storedEvents()).toHaveLength(before);
  });

  it('takes the expiry and the kept badges an older event decided', async () => {
    await store.db.delete(badges);
    await handler.handle(
      migrated([
        { courseSlug: 'line-ads-basic', courseId: BASIC, passedAt: '2025-06-01T00:00:00.000Z', expiresAt: '2026-07-01T00:00:00.000Z', keptLaterBadge: false },
        { courseSlug: 'line-ads-advanced', courseId: ADVANCED, passedAt: '2025-07-01T00:00:00.000Z', expiresAt: '2027-07-01T00:00:00.000Z', keptLaterBadge: true },
      ]),
    );
    expect(await badgesOf()).toEqual([{ courseId: BASIC, awardedAt: new Date('2025-06-01T00:00:00Z'), expiresAt: new Date('2026-07-01T00:00:00Z') }]);
  });
});
