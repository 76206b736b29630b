import { eq } from 'drizzle-orm';
import { parseConfig } from '../../../../config/config';
import { events } from '../../../../database/events.schema';
import { users } from '../../../identity/identity.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { AgreementAccepted } from '../../events';
import { AcceptAgreementsCommand } from './accept-agreements.command';
import { AcceptAgreementsHandler } from './accept-agreements.handler';

const meta = { actorId: 'u', requestId: 'r', correlationId: 'r', causationId: null };
const USER_ID = '0b6f1e52-3a4f-4c1e-9d87-5b0f2f7e0a11';

describe('AcceptAgreementsHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: AcceptAgreementsHandler;

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new AcceptAgreementsHandler(store.eventStore, parseConfig({ TERMS_VERSION: '2026-04-01' }));
    await store.db.insert(users).values({ id: USER_ID, subject: 's', canMigrateFromCloudCampus: true, streamVersion: 1 });
  });
  afterAll(() => store.connection.close());

  it('appends AgreementAccepted at the next stream version, updates the read model and publishes', async () => {
    const result = await handler.execute(new AcceptAgreementsCommand(USER_ID, meta));
    expect(result.termsVersion).toBe('2026-04-01');

    const [user] = await store.db.select().from(users).where(eq(users.id, USER_ID));
    expect(user).toMatchObject({ hasAcceptedAgreements: true, canMigrateFromCloudCampus: false, streamVersion: 2 });
    const rows = await store.db.select().from(events).where(eq(events.streamId, USER_ID));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'AgreementAccepted', version: 2, meta });
    expect(rows[0]!.data).toMatchObject({ migratedFromCloudCampus: true });
    expect((await store.storedEvents()).map((event) => event.type)).toEqual([new AgreementAccepted({} as never).type]);
  });

  it('does not record a second acceptance of the same terms', async () => {
    const again = await handler.execute(new AcceptAgreementsCommand(USER_ID, meta));
    expect(again.termsVersion).toBe('2026-04-01');
    expect(await store.db.select().from(events).where(eq(events.streamId, USER_ID))).toHaveLength(1);
  });

  it('answers LOGIN_REQUIRED for a user that does not exist', async () => {
    await expect(
      handler.execute(new AcceptAgreementsCommand('5d2f9c1e-0000-4000-8000-000000000000', meta)),
    ).rejects.toMatchObject({ code: 'LOGIN_REQUIRED', status: 401 });
  });
});
