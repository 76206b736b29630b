import { eq } from 'drizzle-orm';
import { aLearner, metaOf } from '../../testing/exam-fixtures';
import { openPgliteStore } from '../../testing/pglite-store';
import { AgreementAccepted } from '../agreements/events';
import { CloudCampusBadgesMigrated, CloudCampusMigrationOffered } from '../cloud-campus-migration/events';
import { ProfileUpdated } from '../me/events';
import { users } from './identity.schema';
import { recordUserFacts } from './user-stream';

describe('recordUserFacts', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let userId: string;

  beforeEach(async () => {
    store = await openPgliteStore();
    userId = await aLearner(store, { hasProfile: false });
    await store.db.update(users).set({ hasAcceptedAgreements: false }).where(eq(users.id, userId));
  });
  afterEach(() => store.connection.close());

  const record = (facts: Parameters<typeof recordUserFacts>[2], change: Parameters<typeof recordUserFacts>[3]) =>
    store.eventStore.commit(metaOf(userId), (unit) => recordUserFacts(unit, userId, facts, change));
  const row = async () => (await store.db.select().from(users).where(eq(users.id, userId)))[0]!;

  it('appends each fact to the learner’s user stream at the row’s version and moves the version with it', async () => {
    await record([new CloudCampusMigrationOffered({ email: 'a@example.com', courseSlugs: ['line-ads-basic'] })], { canMigrateFromCloudCampus: true });
    const profile = { lastName: '山田', firstName: '花子', lastNameKana: 'ヤマダ', firstNameKana: 'ハナコ', email: 'a@example.com' };
    await record(
      [new ProfileUpdated(profile), new AgreementAccepted({ termsVersion: 't1', acceptedAt: '2026-04-01T00:00:00.000Z', migratedFromCloudCampus: true })],
      { ...profile, hasProfile: true, hasAcceptedAgreements: true, acceptedTermsVersion: 't1', canMigrateFromCloudCampus: false },
    );
    const stored = await store.storedEvents();
    expect(stored.map(({ streamType, streamId, version, type }) => ({ streamType, streamId, version, type }))).toEqual([
      { streamType: 'user', streamId: userId, version: 1, type: 'CloudCampusMigrationOffered' },
      { streamType: 'user', streamId: userId, version: 2, type: 'ProfileUpdated' },
      { streamType: 'user', streamId: userId, version: 3, type: 'AgreementAccepted' },
    ]);
    expect(await row()).toMatchObject({ streamVersion: 3, lastName: '山田', firstName: '花子', hasProfile: true, hasAcceptedAgreements: true, canMigrateFromCloudCampus: false });
    expect((await row()).acceptedTermsVersions).toEqual(['t1']);
  });

  it('remembers each accepted terms version once', async () => {
    await record([], { acceptedTermsVersion: 't1' });
    await record([], { acceptedTermsVersion: 't2' });
    await record([], { acceptedTermsVersion: 't1' });
    expect((await row()).acceptedTermsVersions).toEqual(['t2', 't1']);
  });

  it('sets the migration flag on an offer and clears it when the badges are carried over', async () => {
    await record([new CloudCampusMigrationOffered({ email: 'a@example.com', courseSlugs: ['line-ads-basic'] })], { canMigrateFromCloudCampus: true });
    expect((await row()).canMigrateFromCloudCampus).toBe(true);
    await record([new CloudCampusBadgesMigrated({ email: 'a@example.com', badges: [] })], { canMigrateFromCloudCampus: false });
    expect(await row()).toMatchObject({ canMigrateFromCloudCampus: false, hasAcceptedAgreements: false, hasProfile: false, streamVersion: 2 });
  });

  it('refuses a learner who is not registered, writing nothing', async () => {
    await expect(
      store.eventStore.commit(metaOf(userId), (unit) => recordUserFacts(unit, '00000000-0000-4000-8000-000000000000', [new CloudCampusBadgesMigrated({ email: null, badges: [] })], { canMigrateFromCloudCampus: false })),
    ).rejects.toMatchObject({ code: 'LOGIN_REQUIRED' });
    expect(await store.storedEvents()).toEqual([]);
  });
});
