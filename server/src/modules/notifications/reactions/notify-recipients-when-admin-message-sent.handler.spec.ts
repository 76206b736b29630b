import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { NotificationTarget } from '../../../contracts/admin-notifications';
import type { StoredEvent } from '../../../database/event-store';
import { events } from '../../../database/events.schema';
import { courses } from '../../catalogue/catalogue.schema';
import { badges } from '../../certification/certification.schema';
import { users } from '../../identity/identity.schema';
import { notifications } from '../notifications.schema';
import { campusPushes } from '../../../campus-registrations';

const planPushes = campusPushes.plan.bind(campusPushes);
import { aCertificationCourseRow } from '../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../testing/pglite-store';
import { SendAdminMessageCommand } from '../commands/send-admin-message/send-admin-message.command';
import { SendAdminMessageHandler } from '../commands/send-admin-message/send-admin-message.handler';
import { NotifyRecipientsWhenAdminMessageSentHandler, RECIPIENT_BATCH_SIZE } from './notify-recipients-when-admin-message-sent.handler';

const meta = { actorId: 'admin', requestId: 'r', correlationId: 'r', causationId: null };
const ADMIN = randomUUID();
const LEARNER_COUNT = 2 * RECIPIENT_BATCH_SIZE + 3;

describe('NotifyRecipientsWhenAdminMessageSentHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let reaction: NotifyRecipientsWhenAdminMessageSentHandler;
  const holders: string[] = [];

  /** Sends through the real command and hands back the event as the outbox would deliver it. */
  const sent = async (target: NotificationTarget): Promise<StoredEvent> => {
    await new SendAdminMessageHandler(store.eventStore, store.connection).execute(new SendAdminMessageCommand(ADMIN, { title: 'メンテナンス', body: '本文', link: null, target }, meta));
    return (await store.storedEvents()).at(-1)!;
  };
  const notificationsOf = async (event: StoredEvent) => store.db.select().from(notifications).where(eq(notifications.sourceEventId, event.id));
  const createdFor = async (event: StoredEvent) =>
    (await store.db.select({ data: events.data }).from(events).where(eq(events.type, 'NotificationCreated'))).filter(
      (row) => (row.data as { sourceEventId: string }).sourceEventId === event.id,
    );

  beforeAll(async () => {
    store = await openPgliteStore();
    reaction = new NotifyRecipientsWhenAdminMessageSentHandler(store.eventStore);
    const course = aCertificationCourseRow('line-ads-basic', 1);
    await store.db.insert(courses).values(course);
    const learners = Array.from({ length: LEARNER_COUNT }, (_, index) => ({ id: randomUUID(), subject: `learner-${index}`, hasAcceptedAgreements: true }));
    await store.db.insert(users).values([...learners, { id: ADMIN, subject: 'admin', role: 'admin' as const, hasAcceptedAgreements: true }]);
    holders.push(learners[7]!.id, learners[600]!.id);
    await store.db
      .insert(badges)
      .values(holders.map((userId) => ({ userId, courseId: course.id!, awardedAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000 * 100) })));
  }, 30_000);
  afterAll(() => store.connection.close());

  it('notifies every learner in batches, one NotificationCreated each, and tells each of them', async () => {
    const event = await sent({ kind: 'segment', segment: 'all-learners' });
    await reaction.handle(event);
    const made = await notificationsOf(event);
    expect(made).toHaveLength(LEARNER_COUNT);
    expect(new Set(made.map((row) => row.userId)).size).toBe(LEARNER_COUNT);
    expect(made[0]).toMatchObject({ kind: 'admin-message', title: 'メンテナンス', body: '本文', link: null, readAt: null });
    expect(made.map((row) => row.userId)).not.toContain(ADMIN);
    expect(await createdFor(event)).toHaveLength(LEARNER_COUNT);
    // The relay tells each of them (`unread.changed`) from their NotificationCreated.
    const created = (await store.storedEvents()).filter((stored) => stored.type === 'NotificationCreated' && (stored.data as { sourceEventId: string }).sourceEventId === event.id);
    expect(planPushes(created).reads.get('unread.changed')?.size).toBe(LEARNER_COUNT);
  }, 20_000);

  it('adds nothing when delivered again', async () => {
    const event = await sent({ kind: 'segment', segment: 'badge-holders', courseSlug: 'line-ads-basic' });
    await reaction.handle(event);
    await reaction.handle(event);
    expect((await notificationsOf(event)).map((row) => row.userId).sort()).toEqual([...holders].sort());
    expect(await createdFor(event)).toHaveLength(2);
  });
});
