import { eq } from 'drizzle-orm';
import { events, users } from '../../../../database/schema';
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
});
