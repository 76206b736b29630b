import { eq } from 'drizzle-orm';
import { events, legacyBadges, users } from '../../../../database/schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { SignInCommand } from './sign-in.command';
import { SignInHandler } from './sign-in.handler';

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
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: SignInHandler;

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new SignInHandler(store.eventStore);
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
});
