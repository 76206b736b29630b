import { eq } from 'drizzle-orm';
import { events } from '../../../../database/events.schema';
import { courses } from '../../../catalogue/catalogue.schema';
import { legacyBadges } from '../../cloud-campus-migration.schema';
import { users } from '../../../identity/identity.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { ImportLegacyBadgesCommand } from './import-legacy-badges.command';
import { ImportLegacyBadgesHandler } from './import-legacy-badges.handler';
import { aCertificationCourseRow } from '../../../../testing/catalogue-rows';

const meta = { actorId: null, requestId: null, correlationId: 'test', causationId: null };
const USER_ID = '6f1b7c1e-1d2a-4b5c-8d9e-0a1b2c3d4e5f';
const UNCATALOGUED_USER_ID = '7a2c8d2f-2e3b-4c6d-9eaf-1b2c3d4e5f60';


const CSV = [
  'email,course_slug,passed_at',
  'Learner@Example.com,line-ads-basic,2025-06-01',
  'learner@example.com,yahoo-ads-searchads-basic,2024-01-10',
  'someone@example.com,line-official-account-advanced,2025-09-30T09:00:00+09:00',
  'broken,line-ads-basic,2025-06-01',
  'x@example.com,line-ads-basic,2999-01-01',
].join('\n');

describe('ImportLegacyBadgesHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: ImportLegacyBadgesHandler;
  const run = (csv: string) => handler.execute(new ImportLegacyBadgesCommand(csv, 'export.csv', meta));

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new ImportLegacyBadgesHandler(store.eventStore);
    await store.db.insert(users).values([
      { id: USER_ID, subject: 's', verifiedEmail: 'learner@example.com', streamVersion: 3 },
      { id: UNCATALOGUED_USER_ID, subject: 'u', verifiedEmail: 'uncatalogued@example.com', streamVersion: 1 },
    ]);
    // line-official-account-* are certification slugs missing from this catalogue: such records cannot be migrated yet.
    await store.db.insert(courses).values([aCertificationCourseRow('line-ads-basic', 1), aCertificationCourseRow('yahoo-ads-searchads-basic', 2)]);
  });
  afterAll(() => store.connection.close());

  it('imports the good rows, reports the bad ones with their lines, and offers the migration to a matching learner', async () => {
    const report = await run(CSV);
    expect(report).toEqual({
      imported: 3,
      unchanged: 0,
      offeredUsers: 1,
      rejected: [
        { line: 5, reason: expect.stringContaining('メールアドレス') },
        { line: 6, reason: expect.stringContaining('未来') },
      ],
    });
    const rows = await store.db.select().from(legacyBadges).orderBy(legacyBadges.email, legacyBadges.courseSlug);
    expect(rows.map((row) => [row.email, row.courseSlug, row.passedAt.toISOString()])).toEqual([
      ['learner@example.com', 'line-ads-basic', '2025-05-31T15:00:00.000Z'],
      ['learner@example.com', 'yahoo-ads-searchads-basic', '2024-01-09T15:00:00.000Z'],
      ['someone@example.com', 'line-official-account-advanced', '2025-09-30T00:00:00.000Z'],
    ]);

    const [learner] = await store.db.select().from(users).where(eq(users.id, USER_ID));
    expect(learner).toMatchObject({ canMigrateFromCloudCampus: true, streamVersion: 4 });
    const userEvents = await store.db.select().from(events).where(eq(events.streamId, USER_ID));
    expect(userEvents.map((event) => [event.type, event.version, event.data])).toEqual([
      ['CloudCampusMigrationOffered', 4, { email: 'learner@example.com', courseSlugs: ['line-ads-basic', 'yahoo-ads-searchads-basic'] }],
    ]);
    const [imported] = await store.db.select().from(events).where(eq(events.type, 'LegacyBadgesImported'));
    expect(imported).toMatchObject({ streamType: 'legacy-badges', version: 1, data: { source: 'export.csv', imported: 3, unchanged: 0, rejected: 2, offeredUserIds: [USER_ID] } });
  });

  it('changes nothing when the same file is imported again, and updates a changed pass date', async () => {
    const again = await run(CSV);
    expect(again).toMatchObject({ imported: 0, unchanged: 3, offeredUsers: 0 });
    expect(await store.db.select().from(events).where(eq(events.streamId, USER_ID))).toHaveLength(1);

    const changed = await run('someone@example.com,line-official-account-advanced,2025-10-01');
    expect(changed).toMatchObject({ imported: 1, unchanged: 0, rejected: [] });
    const [row] = await store.db.select().from(legacyBadges).where(eq(legacyBadges.email, 'someone@example.com'));
    expect(row!.passedAt.toISOString()).toBe('2025-09-30T15:00:00.000Z');
    const imports = await store.db.select().from(events).where(eq(events.type, 'LegacyBadgesImported'));
    expect(imports.map((event) => event.version)).toEqual([1, 2, 3]);
  });

  it('never rewrites a record already carried over to a learner', async () => {
    await store.db.update(legacyBadges).set({ migratedAt: new Date(), migratedUserId: USER_ID }).where(eq(legacyBadges.email, 'someone@example.com'));
    const report = await run('someone@example.com,line-official-account-advanced,2020-01-01');
    expect(report).toMatchObject({ imported: 0, unchanged: 1 });
    const [row] = await store.db.select().from(legacyBadges).where(eq(legacyBadges.email, 'someone@example.com'));
    expect(row!.passedAt.toISOString()).toBe('2025-09-30T15:00:00.000Z');
  });

  it('offers nothing for records whose course is not in the catalogue, as the migration would carry none of them', async () => {
    const report = await run('uncatalogued@example.com,line-official-account-basic,2025-06-01');
    expect(report).toMatchObject({ imported: 1, offeredUsers: 0, rejected: [] });
    const [learner] = await store.db.select().from(users).where(eq(users.id, UNCATALOGUED_USER_ID));
    expect(learner).toMatchObject({ canMigrateFromCloudCampus: false, streamVersion: 1 });
    expect(await store.db.select().from(events).where(eq(events.streamId, UNCATALOGUED_USER_ID))).toEqual([]);
  });
});
