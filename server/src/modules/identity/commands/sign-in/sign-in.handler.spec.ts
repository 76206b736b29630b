import { and, eq, isNull, max } from 'drizzle-orm';
import type { AppConfig } from '../../../../config/config';
import { events } from '../../../../database/events.schema';
import { courses } from '../../../catalogue/catalogue.schema';
import { legacyBadges } from '../../../cloud-campus-migration/cloud-campus-migration.schema';
import { users } from '../../identity.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { AcceptAgreementsCommand } from '../../../agreements/commands/accept-agreements/accept-agreements.command';
import { AcceptAgreementsHandler } from '../../../agreements/commands/accept-agreements/accept-agreements.handler';
import { MigrateFromCloudCampusCommand } from '../../../cloud-campus-migration/commands/migrate-from-cloud-campus/migrate-from-cloud-campus.command';
import { MigrateFromCloudCampusHandler } from '../../../cloud-campus-migration/commands/migrate-from-cloud-campus/migrate-from-cloud-campus.handler';
import { SignInCommand } from './sign-in.command';
import { SignInHandler } from './sign-in.handler';
import { aCertificationCourseRow } from '../../../../testing/catalogue-rows';
import type { RealtimePublisher } from '../../../../realtime/realtime-publisher';
import { CloudCampusMigrationOfferAtSignIn } from '../../../cloud-campus-migration/migration-offer';

const meta = { actorId: null, requestId: 'r', correlationId: 'r', causationId: null };
const identity = {
  subject: 'demo-learner',
  familyName: '山田',
  givenName: '太郎',
  pictureUrl: null,
  role: 'learner' as const,
  idToken: 'id-token',
  verifiedEmail: 'learner@example.com',
};


describe('SignInHandler', () => {
  const realtime = { setAdminStream: jest.fn() };
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: SignInHandler;

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new SignInHandler(store.eventStore, realtime as unknown as RealtimePublisher, new CloudCampusMigrationOfferAtSignIn());
    // The catalogue holds these two only: records for any other course cannot be migrated yet.
    await store.db.insert(courses).values([aCertificationCourseRow('line-ads-basic', 1), aCertificationCourseRow('yahoo-ads-searchads-basic', 2)]);
  });
  afterAll(() => store.connection.close());

  it('registers a new learner once, with UserRegistered as version 1 of the user stream', async () => {
    const { userId } = await handler.execute(new SignInCommand(identity, meta));
    const again = await handler.execute(new SignInCommand(identity, meta));
    expect(again.userId).toBe(userId);
    const rows = await store.db.select().from(events).where(eq(events.streamId, userId));
    expect(rows.map((row) => [row.type, row.version])).toEqual([['UserRegistered', 1]]);
  });

  it('keeps the learner’s own names but takes the role and picture from the provider', async () => {
    const { userId } = await handler.execute(new SignInCommand(identity, meta));
    await store.db.update(users).set({ lastName: '髙橋', hasProfile: true }).where(eq(users.id, userId));
    await handler.execute(new SignInCommand({ ...identity, familyName: '別名', role: 'admin', pictureUrl: 'https://img.example/a.png' }, meta));
    const [user] = await store.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ lastName: '髙橋', role: 'admin', iconUrl: 'https://img.example/a.png' });
  });

  it('moves the user’s open sockets in or out of the admin stream when the provider changes the role', async () => {
    const subject = { ...identity, subject: 'role-changes' };
    const { userId } = await handler.execute(new SignInCommand({ ...subject, role: 'admin' }, meta));
    realtime.setAdminStream.mockClear();
    await handler.execute(new SignInCommand({ ...subject, role: 'admin' }, meta));
    expect(realtime.setAdminStream).not.toHaveBeenCalled();
    await handler.execute(new SignInCommand(subject, meta));
    expect(realtime.setAdminStream).toHaveBeenCalledWith(userId, false);
    await handler.execute(new SignInCommand({ ...subject, role: 'admin' }, meta));
    expect(realtime.setAdminStream).toHaveBeenLastCalledWith(userId, true);
  });

  it('keeps the verified e-mail in step with the provider, as VerifiedEmailChanged', async () => {
    const other = { ...identity, subject: 'email-changes', verifiedEmail: 'a@example.com' };
    const { userId } = await handler.execute(new SignInCommand(other, meta));
    await handler.execute(new SignInCommand({ ...other, verifiedEmail: null }, meta));
    const [user] = await store.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ verifiedEmail: null, streamVersion: 2 });
    const rows = await store.db.select().from(events).where(eq(events.streamId, userId));
    expect(rows.map((row) => [row.type, row.version, row.data])).toEqual([
      ['UserRegistered', 1, expect.objectContaining({ verifiedEmail: 'a@example.com' })],
      ['VerifiedEmailChanged', 2, { verifiedEmail: null }],
    ]);
  });

  it('offers the Cloud Campus migration once when records wait for the verified e-mail', async () => {
    await store.db.insert(legacyBadges).values([
      { email: 'legacy@example.com', courseSlug: 'line-ads-basic', passedAt: new Date('2025-06-01T00:00:00Z'), importedAt: new Date() },
      { email: 'done@example.com', courseSlug: 'line-ads-basic', passedAt: new Date('2025-06-01T00:00:00Z'), importedAt: new Date(), migratedAt: new Date() },
    ]);
    const legacy = { ...identity, subject: 'legacy-learner', verifiedEmail: 'legacy@example.com' };
    const { userId } = await handler.execute(new SignInCommand(legacy, meta));
    await handler.execute(new SignInCommand(legacy, meta));
    const [user] = await store.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ canMigrateFromCloudCampus: true, verifiedEmail: 'legacy@example.com', streamVersion: 2 });
    const rows = await store.db.select().from(events).where(eq(events.streamId, userId));
    expect(rows.map((row) => [row.type, row.data])).toEqual([
      ['UserRegistered', expect.anything()],
      ['CloudCampusMigrationOffered', { email: 'legacy@example.com', courseSlugs: ['line-ads-basic'] }],
    ]);

    // Records already carried over offer nothing; an unverified address offers nothing.
    const { userId: doneId } = await handler.execute(new SignInCommand({ ...identity, subject: 'done-learner', verifiedEmail: 'done@example.com' }, meta));
    const { userId: unverifiedId } = await handler.execute(new SignInCommand({ ...identity, subject: 'unverified', verifiedEmail: null }, meta));
    const flags = await store.db.select({ id: users.id, flag: users.canMigrateFromCloudCampus }).from(users);
    expect(flags.find((row) => row.id === doneId)?.flag).toBe(false);
    expect(flags.find((row) => row.id === unverifiedId)?.flag).toBe(false);
  });

  const streamOf = async (userId: string) => {
    const [user] = await store.db.select().from(users).where(eq(users.id, userId));
    const [last] = await store.db.select({ version: max(events.version) }).from(events).where(and(eq(events.streamType, 'user'), eq(events.streamId, userId)));
    return { user: user!, lastVersion: last?.version };
  };

  it('leaves stream_version at the stream’s last event after another command appended, so the next command succeeds', async () => {
    const migrate = new MigrateFromCloudCampusHandler(store.eventStore);
    const accept = new AcceptAgreementsHandler(store.eventStore, { termsVersion: 'test-terms' } as AppConfig);
    await store.db.insert(legacyBadges).values({ email: 'busy@example.com', courseSlug: 'line-ads-basic', passedAt: new Date('2025-06-01T00:00:00Z'), importedAt: new Date() });
    const busy = { ...identity, subject: 'busy-learner', verifiedEmail: 'busy@example.com' };
    const { userId } = await handler.execute(new SignInCommand(busy, meta)); // v1 registered, v2 offered

    // Another command on the same stream (PUT /api/v1/migrate-from-cloud-campus/), then a login that records nothing.
    expect(await migrate.execute(new MigrateFromCloudCampusCommand(userId, meta))).toEqual({ migratedCourseSlugs: ['line-ads-basic'] });
    await handler.execute(new SignInCommand(busy, meta));
    const afterLogin = await streamOf(userId);
    expect(afterLogin.lastVersion).toBe(3);
    expect(afterLogin.user.streamVersion).toBe(3);

    // The stream is still writable: no CONCURRENCY_CONFLICT for the learner's next command.
    await expect(accept.execute(new AcceptAgreementsCommand(userId, meta))).resolves.toMatchObject({ termsVersion: 'test-terms' });
    const rows = await store.db.select().from(events).where(eq(events.streamId, userId)).orderBy(events.version);
    expect(rows.map((row) => [row.type, row.version])).toEqual([
      ['UserRegistered', 1],
      ['CloudCampusMigrationOffered', 2],
      ['CloudCampusBadgesMigrated', 3],
      ['AgreementAccepted', 4],
    ]);
    expect((await streamOf(userId)).user.streamVersion).toBe(4);
  });

  it('offers only records whose course is in the catalogue, so the flag stays down once the rest is migrated', async () => {
    const migrate = new MigrateFromCloudCampusHandler(store.eventStore);
    const passedAt = new Date('2025-06-01T00:00:00Z');
    const importedAt = new Date();
    await store.db.insert(legacyBadges).values([
      { email: 'uncatalogued@example.com', courseSlug: 'line-official-account-basic', passedAt, importedAt },
      { email: 'mixed@example.com', courseSlug: 'line-ads-basic', passedAt, importedAt },
      { email: 'mixed@example.com', courseSlug: 'line-official-account-basic', passedAt, importedAt },
    ]);

    // Only a record the migration cannot carry over: nothing to offer.
    const { userId: uncataloguedId } = await handler.execute(
      new SignInCommand({ ...identity, subject: 'uncatalogued-learner', verifiedEmail: 'uncatalogued@example.com' }, meta),
    );
    expect((await streamOf(uncataloguedId)).user.canMigrateFromCloudCampus).toBe(false);

    const mixed = { ...identity, subject: 'mixed-learner', verifiedEmail: 'mixed@example.com' };
    const { userId } = await handler.execute(new SignInCommand(mixed, meta));
    expect((await streamOf(userId)).user.canMigrateFromCloudCampus).toBe(true);
    expect(await migrate.execute(new MigrateFromCloudCampusCommand(userId, meta))).toEqual({ migratedCourseSlugs: ['line-ads-basic'] });

    // The uncatalogued record still waits, yet the next login does not raise the flag again.
    await handler.execute(new SignInCommand(mixed, meta));
    const { user, lastVersion } = await streamOf(userId);
    expect(user).toMatchObject({ canMigrateFromCloudCampus: false, streamVersion: 3 });
    expect(lastVersion).toBe(3);
    const waiting = await store.db
      .select({ courseSlug: legacyBadges.courseSlug })
      .from(legacyBadges)
      .where(and(eq(legacyBadges.email, 'mixed@example.com'), isNull(legacyBadges.migratedAt)));
    expect(waiting).toEqual([{ courseSlug: 'line-official-account-basic' }]);
    const rows = await store.db.select().from(events).where(eq(events.streamId, userId)).orderBy(events.version);
    expect(rows.map((row) => [row.type, row.data])).toEqual([
      ['UserRegistered', expect.anything()],
      ['CloudCampusMigrationOffered', { email: 'mixed@example.com', courseSlugs: ['line-ads-basic'] }],
      ['CloudCampusBadgesMigrated', expect.anything()],
    ]);
  });
});
