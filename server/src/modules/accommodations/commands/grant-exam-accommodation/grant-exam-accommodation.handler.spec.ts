import { randomUUID } from 'node:crypto';
import { tokyoDay, addDays } from '../../../../contracts/tokyo-date';
import { users } from '../../../identity/identity.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { WithdrawExamAccommodationCommand } from '../withdraw-exam-accommodation/withdraw-exam-accommodation.command';
import { WithdrawExamAccommodationHandler } from '../withdraw-exam-accommodation/withdraw-exam-accommodation.handler';
import { FindLearnerAccommodationHandler } from '../../queries/find-learner-accommodation/find-learner-accommodation.handler';
import { FindLearnerAccommodationQuery } from '../../queries/find-learner-accommodation/find-learner-accommodation.query';
import { GrantExamAccommodationCommand } from './grant-exam-accommodation.command';
import { GrantExamAccommodationHandler } from './grant-exam-accommodation.handler';

const LEARNER = randomUUID();
const ADMIN = randomUUID();
const meta = () => ({ actorId: ADMIN, requestId: randomUUID(), correlationId: randomUUID(), causationId: null });
const NOTE = '診断書の提出により、試験時間を延長する';

describe('granting and withdrawing extra exam time (PGlite)', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let grant: (request: ConstructorParameters<typeof GrantExamAccommodationCommand>[1], userId?: string) => ReturnType<GrantExamAccommodationHandler['execute']>;
  let withdraw: (userId?: string) => ReturnType<WithdrawExamAccommodationHandler['execute']>;
  let find: FindLearnerAccommodationHandler;
  const streamEvents = async () =>
    (await store.storedEvents()).filter((event) => event.streamType === 'exam-accommodation').map((event) => ({ type: event.type, version: event.version, streamId: event.streamId }));

  beforeAll(async () => {
    store = await openPgliteStore();
    const granter = new GrantExamAccommodationHandler(store.eventStore);
    const withdrawer = new WithdrawExamAccommodationHandler(store.eventStore);
    grant = (request, userId = LEARNER) => granter.execute(new GrantExamAccommodationCommand(userId, request, meta()));
    withdraw = (userId = LEARNER) => withdrawer.execute(new WithdrawExamAccommodationCommand(userId, meta()));
    find = new FindLearnerAccommodationHandler(store.connection);
    await store.db.insert(users).values([
      { id: LEARNER, subject: 'learner', email: 'Learner@Example.com', lastName: '山田', firstName: '太郎' },
      { id: ADMIN, subject: 'admin', email: 'admin@example.com', role: 'admin' },
    ]);
  }, 30_000);
  afterAll(() => store.connection.close());

  it('grants once however often asked, recording ExamAccommodationGranted in the learner’s stream', async () => {
    const first = await grant({ extraPercent: 50, note: NOTE });
    expect(first).toEqual({
      learner: { userId: LEARNER, email: 'Learner@Example.com', name: '山田 太郎' },
      accommodation: { extraMinutes: null, extraPercent: 50, endsOn: null, note: NOTE, grantedAt: expect.any(String), active: true },
    });
    expect(await grant({ extraPercent: 50, note: NOTE })).toEqual(first);
    expect(await streamEvents()).toEqual([{ type: 'ExamAccommodationGranted', version: 1, streamId: LEARNER }]);
    const [granted] = (await store.storedEvents()).filter((event) => event.type === 'ExamAccommodationGranted');
    expect(granted!.data).toMatchObject({ userId: LEARNER, extraMinutes: null, extraPercent: 50, endsOn: null, note: NOTE });
    expect(granted!.meta).toMatchObject({ actorId: ADMIN });
  });

  it('replaces a grant with new terms, and the admin finds it by e-mail (any case)', async () => {
    const endsOn = addDays(tokyoDay(new Date()), 30);
    await grant({ extraMinutes: 20, endsOn, note: NOTE });
    expect(await find.execute(new FindLearnerAccommodationQuery('learner@example.COM'))).toMatchObject({
      accommodation: { extraMinutes: 20, extraPercent: null, endsOn, active: true },
    });
    expect((await streamEvents()).map((event) => event.version)).toEqual([1, 2]);
  });

  it('withdraws once, and a later grant continues the same stream', async () => {
    expect((await withdraw()).accommodation).toBeNull();
    expect((await withdraw()).accommodation).toBeNull();
    expect((await streamEvents()).map((event) => event.type)).toEqual(['ExamAccommodationGranted', 'ExamAccommodationGranted', 'ExamAccommodationWithdrawn']);
    expect((await grant({ extraMinutes: 10, note: NOTE })).accommodation).toMatchObject({ extraMinutes: 10 });
    expect((await streamEvents()).map((event) => event.version)).toEqual([1, 2, 3, 4]);
  });

  it('accepts today as the end date and refuses yesterday, naming endsOn', async () => {
    const today = tokyoDay(new Date());
    expect((await grant({ extraMinutes: 10, endsOn: today, note: NOTE })).accommodation).toMatchObject({ endsOn: today, active: true });
    await expect(grant({ extraMinutes: 10, endsOn: addDays(today, -1), note: NOTE })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'endsOn' });
  });

  it('answers 404 for no learner: an unknown id, a malformed one, an admin, an unknown e-mail', async () => {
    for (const userId of [randomUUID(), 'not-a-uuid', ADMIN]) {
      await expect(grant({ extraMinutes: 10, note: NOTE }, userId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(withdraw(userId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(find.execute(new FindLearnerAccommodationQuery('nobody@example.com'))).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'email' });
    await expect(find.execute(new FindLearnerAccommodationQuery('admin@example.com'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
