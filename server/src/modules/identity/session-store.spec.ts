import { eq } from 'drizzle-orm';
import { parseConfig } from '../../config/config';
import { tokenHashOf } from '../../common/auth/session-lookup';
import { sessions, users } from './identity.schema';
import { openPgliteStore } from '../../testing/pglite-store';
import { SessionStore } from './session-store';

const SETTLED = '5b0c3a52-3f0e-4b7e-9d55-000000000001';
const NEW = '5b0c3a52-3f0e-4b7e-9d55-000000000002';
const EARLIER = '5b0c3a52-3f0e-4b7e-9d55-000000000003';
const TERMS_VERSION = '2026-10-01';

describe('SessionStore', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let sessionStore: SessionStore;

  beforeAll(async () => {
    store = await openPgliteStore();
    sessionStore = new SessionStore(store.connection, parseConfig({ TERMS_VERSION }));
    await store.db.insert(users).values([
      { id: SETTLED, subject: 'settled', hasAcceptedAgreements: true, acceptedTermsVersions: [TERMS_VERSION] },
      { id: NEW, subject: 'new', hasAcceptedAgreements: false },
      { id: EARLIER, subject: 'earlier', hasAcceptedAgreements: true, acceptedTermsVersions: ['2026-04-01'] },
    ]);
  });
  afterAll(() => store.connection.close());
  afterEach(() => jest.restoreAllMocks());

  const removeRowsOf = (userId: string) => store.db.delete(sessions).where(eq(sessions.userId, userId));

  it('reuses a settled session for a few seconds without asking the database', async () => {
    const token = await sessionStore.create(SETTLED, null);
    expect(await sessionStore.resolve(token)).toMatchObject({ id: SETTLED });
    await removeRowsOf(SETTLED);
    expect(await sessionStore.resolve(token)).toMatchObject({ id: SETTLED });

    const later = Date.now() + 3_001;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    expect(await sessionStore.resolve(token)).toBeNull();
  });

  it('asks the database again when told to (a socket handshake)', async () => {
    const token = await sessionStore.create(SETTLED, null);
    expect(await sessionStore.resolve(token)).toMatchObject({ id: SETTLED });
    await removeRowsOf(SETTLED);
    expect(await sessionStore.resolve(token, { fresh: true })).toBeNull();
  });

  it('tells the role of each live session among many, without counting that as activity', async () => {
    const idle = new SessionStore(store.connection, parseConfig({ TERMS_VERSION, SESSION_IDLE_MINUTES: '30' }));
    const [live, gone, stale] = [await idle.create(SETTLED, null), await idle.create(NEW, null), await idle.create(EARLIER, null)];
    await idle.destroy(gone);
    await store.db.update(users).set({ role: 'admin' }).where(eq(users.id, SETTLED));
    await store.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) }).where(eq(sessions.tokenHash, tokenHashOf(stale)));
    const hashes = [live, gone, stale].map(tokenHashOf);
    const roles = await idle.liveRoles([...hashes, ...Array.from({ length: 600 }, (_, index) => `unknown-${index}`)]);
    expect([...roles]).toEqual([[hashes[0], 'admin']]);
    const [row] = await store.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, hashes[2]!));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeGreaterThan(30 * 60_000);
    await store.db.update(users).set({ role: 'learner' }).where(eq(users.id, SETTLED));
  });

  it('forgets a session at logout at once', async () => {
    const token = await sessionStore.create(SETTLED, null);
    expect(await sessionStore.resolve(token)).not.toBeNull();
    await sessionStore.destroy(token);
    expect(await sessionStore.resolve(token)).toBeNull();
  });

  it('does not reuse a session still waiting for the agreements', async () => {
    const token = await sessionStore.create(NEW, null);
    expect(await sessionStore.resolve(token)).toMatchObject({ id: NEW, hasAcceptedAgreements: false });
    await store.db.update(users).set({ acceptedTermsVersions: [TERMS_VERSION] }).where(eq(users.id, NEW));
    expect(await sessionStore.resolve(token)).toMatchObject({ hasAcceptedAgreements: true });
  });

  it('counts only an acceptance of the current TERMS_VERSION, and does not reuse a session that accepted an earlier one', async () => {
    const token = await sessionStore.create(EARLIER, null);
    expect(await sessionStore.resolve(token)).toMatchObject({ id: EARLIER, hasAcceptedAgreements: false });
    await store.db.update(users).set({ acceptedTermsVersions: ['2026-04-01', TERMS_VERSION] }).where(eq(users.id, EARLIER));
    expect(await sessionStore.resolve(token)).toMatchObject({ id: EARLIER, hasAcceptedAgreements: true });
  });

  // The lookup is one prepared statement with the times as parameters: each resolve must use its own clock.
  it('ends a session idle longer than SESSION_IDLE, reading the clock on every lookup', async () => {
    const idle = new SessionStore(store.connection, parseConfig({ TERMS_VERSION, SESSION_IDLE_MINUTES: '30' }));
    const token = await idle.create(NEW, null);
    const start = Date.now();
    const at = jest.spyOn(Date, 'now');
    at.mockReturnValue(start + 29 * 60_000);
    // Still inside the idle window (the times jump further than the 3 s reuse, so each call is a lookup).
    expect(await idle.resolve(token)).toMatchObject({ id: NEW });
    // That resolve touched last_seen_at (more than a minute had passed), so the window starts again from there.
    at.mockReturnValue(start + 29 * 60_000 + 29 * 60_000);
    expect(await idle.resolve(token)).toMatchObject({ id: NEW });
    at.mockReturnValue(start + 29 * 60_000 + 29 * 60_000 + 30 * 60_000 + 1);
    expect(await idle.resolve(token)).toBeNull();
  });

  it('ends a session at its absolute end however active it is', async () => {
    const absolute = new SessionStore(store.connection, parseConfig({ TERMS_VERSION, SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '1' }));
    const token = await absolute.create(NEW, null);
    const start = Date.now();
    const at = jest.spyOn(Date, 'now');
    for (const minutes of [20, 40, 59]) {
      at.mockReturnValue(start + minutes * 60_000);
      expect(await absolute.resolve(token)).toMatchObject({ id: NEW });
    }
    at.mockReturnValue(start + 60 * 60_000 + 1);
    expect(await absolute.resolve(token)).toBeNull();
  });

  it('knows nothing of an unknown or missing token', async () => {
    expect(await sessionStore.resolve('no-such-token')).toBeNull();
    expect(await sessionStore.resolve(undefined)).toBeNull();
  });
});
