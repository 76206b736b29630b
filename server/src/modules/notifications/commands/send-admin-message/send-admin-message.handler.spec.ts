import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { events } from '../../../../database/events.schema';
import { users } from '../../../identity/identity.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { SendAdminMessageCommand } from './send-admin-message.command';
import { SendAdminMessageHandler } from './send-admin-message.handler';

const meta = { actorId: 'admin', requestId: 'r', correlationId: 'r', causationId: null };
const ADMIN = randomUUID();
const LEARNER = randomUUID();

describe('SendAdminMessageHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: SendAdminMessageHandler;
  const send = (target: SendAdminMessageCommand['request']['target']) =>
    handler.execute(new SendAdminMessageCommand(ADMIN, { title: 'ご案内', body: '本文', link: '/notifications/personal', target }, meta));

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new SendAdminMessageHandler(store.eventStore, store.connection);
    await store.db.insert(users).values([
      { id: ADMIN, subject: 'admin', email: 'admin@example.com', role: 'admin', hasAcceptedAgreements: true },
      { id: LEARNER, subject: 'learner', email: 'learner@example.com', hasAcceptedAgreements: true },
      { id: randomUUID(), subject: 'newcomer', email: 'newcomer@example.com', hasAcceptedAgreements: false },
    ]);
  }, 30_000);
  afterAll(() => store.connection.close());

  it('records one event on its own stream and answers the recipients counted at send time', async () => {
    const sent = await send({ kind: 'user', email: 'Learner@Example.com' });
    expect(sent).toEqual({ messageId: expect.any(String), recipientCount: 1 });
    const recorded = await store.db.select({ streamType: events.streamType, type: events.type, version: events.version, data: events.data }).from(events).where(eq(events.streamId, sent.messageId));
    expect(recorded).toEqual([
      {
        streamType: 'admin-message',
        type: 'AdminMessageSent',
        version: 1,
        data: { messageId: sent.messageId, title: 'ご案内', body: '本文', link: '/notifications/personal', target: { kind: 'user', email: 'Learner@Example.com' }, sentBy: ADMIN, recipientCount: 1 },
      },
    ]);
    expect((await send({ kind: 'segment', segment: 'all-learners' })).recipientCount).toBe(1);
  });

  it('records a message sent twice with the same messageId once, and answers the first result both times', async () => {
    const messageId = randomUUID();
    const request = { title: '再送', body: '本文', target: { kind: 'segment', segment: 'all-learners' }, messageId } as const;
    const first = await handler.execute(new SendAdminMessageCommand(ADMIN, request, meta));
    expect(first).toEqual({ messageId, recipientCount: 1 });
    // Another learner arrives: a real second send would count 2.
    await store.db.insert(users).values({ id: randomUUID(), subject: 'late', email: 'late@example.com', hasAcceptedAgreements: true });
    expect(await handler.execute(new SendAdminMessageCommand(ADMIN, request, meta))).toEqual(first);
    // Two retries at once: one records, the other answers from the recorded event.
    const raced = randomUUID();
    const both = await Promise.all([1, 2].map(() => handler.execute(new SendAdminMessageCommand(ADMIN, { ...request, messageId: raced }, meta))));
    expect(both).toEqual([
      { messageId: raced, recipientCount: 2 },
      { messageId: raced, recipientCount: 2 },
    ]);
    for (const streamId of [messageId, raced]) expect(await store.db.select().from(events).where(eq(events.streamId, streamId))).toHaveLength(1);
  });

  it('answers 404 naming target.email when no one past the agreements has that address, and records nothing', async () => {
    const before = (await store.db.select().from(events)).length;
    for (const email of ['nobody@example.com', 'newcomer@example.com']) {
      await expect(send({ kind: 'user', email })).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'target.email', message: 'このメールアドレスの学習者が見つかりません' });
    }
    expect(await store.db.select().from(events)).toHaveLength(before);
  });
});
