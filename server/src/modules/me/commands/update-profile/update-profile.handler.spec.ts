import { eq } from 'drizzle-orm';
import { parseConfig } from '../../../../config/config';
import { events } from '../../../../database/events.schema';
import { users } from '../../../identity/identity.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { UpdateProfileCommand } from './update-profile.command';
import { UpdateProfileHandler } from './update-profile.handler';

const meta = { actorId: 'u', requestId: 'r', correlationId: 'r', causationId: null };
const USER_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const profile = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'taro@example.com' };

describe('UpdateProfileHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: UpdateProfileHandler;

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new UpdateProfileHandler(store.eventStore, parseConfig({}));
    await store.db.insert(users).values({ id: USER_ID, subject: 'p', streamVersion: 3, hasAcceptedAgreements: true });
  });
  afterAll(() => store.connection.close());

  it('records ProfileUpdated and returns the user with a registered profile', async () => {
    const user = await handler.execute(new UpdateProfileCommand(USER_ID, profile, meta));
    expect(user).toMatchObject({ lastName: '山田', firstName: '太郎', hasProfile: true });
    const [row] = await store.db.select().from(events).where(eq(events.streamId, USER_ID));
    expect(row).toMatchObject({ type: 'ProfileUpdated', version: 4, data: profile });
  });

  it('refuses a name the certificate font cannot print, naming the field, and stores nothing', async () => {
    await expect(
      handler.execute(new UpdateProfileCommand(USER_ID, { ...profile, lastName: '山田🎌' }, meta)),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'lastName', status: 400 });
    expect(await store.db.select().from(events).where(eq(events.streamId, USER_ID))).toHaveLength(1);
  });

  it('turns a concurrent change of the same user into a 409', async () => {
    // Another command appended version 5 behind this handler's back; the read model still says 4.
    await store.db.insert(events).values({
      id: 'e0e0e0e0-0000-4000-8000-000000000001',
      streamType: 'user',
      streamId: USER_ID,
      version: 5,
      type: 'SomethingElse',
      data: {},
      meta,
    });
    await expect(handler.execute(new UpdateProfileCommand(USER_ID, profile, meta))).rejects.toMatchObject({
      code: 'CONCURRENCY_CONFLICT',
      status: 409,
    });
  });
});
