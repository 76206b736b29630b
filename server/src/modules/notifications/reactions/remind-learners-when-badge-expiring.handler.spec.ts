import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { events } from '../../../database/events.schema';
import { courses } from '../../catalogue/catalogue.schema';
import { badges } from '../../certification/certification.schema';
import { users } from '../../identity/identity.schema';
import { badgeExpiryReminders, notifications } from '../notifications.schema';
import { aCertificationCourseRow } from '../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../testing/pglite-store';
import { badgeStreamId } from '../events';
import { REMINDER_BATCH_SIZE, RemindLearnersWhenBadgeExpiringHandler } from './remind-learners-when-badge-expiring.handler';

const DAY = 86_400_000;
const LEARNER = randomUUID();
const NEWCOMER = randomUUID();

describe('RemindLearnersWhenBadgeExpiringHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let job: RemindLearnersWhenBadgeExpiringHandler;
  const basic = aCertificationCourseRow('line-ads-basic', 1);
  const advanced = aCertificationCourseRow('line-ads-advanced', 2);
  const other = aCertificationCourseRow('yahoo-ads-searchads-basic', 3);

  const remindersOf = (userId: string) => store.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'badge-expiring')));
  const badgeStream = (userId: string, courseId: string) =>
    store.db.select({ version: events.version, type: events.type, data: events.data, id: events.id }).from(events).where(eq(events.streamId, badgeStreamId(userId, courseId)));
  const setExpiry = (userId: string, courseId: string, expiresAt: Date) =>
    store.db.update(badges).set({ expiresAt }).where(and(eq(badges.userId, userId), eq(badges.courseId, courseId)));

  beforeAll(async () => {
    store = await openPgliteStore();
    job = new RemindLearnersWhenBadgeExpiringHandler(store.eventStore);
    await store.db.insert(courses).values([basic, advanced, other]);
    await store.db.insert(users).values([
      { id: LEARNER, subject: 'learner', hasAcceptedAgreements: true },
      { id: NEWCOMER, subject: 'newcomer', hasAcceptedAgreements: false },
    ]);
    const now = Date.now();
    const badge = (userId: string, courseId: string, inDays: number) => ({ userId, courseId, awardedAt: new Date(now - 300 * DAY), expiresAt: new Date(now + inDays * DAY) });
    await store.db.insert(badges).values([
      badge(LEARNER, basic.id!, 10),
      badge(LEARNER, advanced.id!, 60),
      badge(LEARNER, other.id!, -1),
      badge(NEWCOMER, basic.id!, 10),
    ]);
  }, 30_000);
  afterAll(() => store.connection.close());

  it('reminds of a badge expiring within 30 days once, however often it runs', async () => {
    await job.handle();
    await job.handle();
    const reminders = await remindersOf(LEARNER);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      title: '「LINE広告 Basic」のスキルバッジの有効期限が近づいています',
      link: '/lineyahoo-marketing-skill-badge/courses/line-ads-basic',
      readAt: null,
    });
    const stream = await badgeStream(LEARNER, basic.id!);
    expect(stream.map((row) => [row.version, row.type])).toEqual([[1, 'BadgeExpiryReminded']]);
    expect(reminders[0]!.sourceEventId).toBe(stream[0]!.id);
    const [created] = await store.db.select({ data: events.data }).from(events).where(and(eq(events.type, 'NotificationCreated'), eq(events.streamId, reminders[0]!.id)));
    expect(created!.data).toMatchObject({ userId: LEARNER, kind: 'badge-expiring', sourceEventId: stream[0]!.id });
    const [row] = await store.db.select().from(badges).where(and(eq(badges.userId, LEARNER), eq(badges.courseId, basic.id!)));
    const claims = await store.db.select().from(badgeExpiryReminders).where(and(eq(badgeExpiryReminders.userId, LEARNER), eq(badgeExpiryReminders.courseId, basic.id!)));
    expect(claims.map((claim) => claim.expiresAt)).toEqual([row!.expiresAt]);
  });

  it('leaves alone badges expiring later than 30 days, expired ones, and learners who have not accepted the agreements', async () => {
    expect(await badgeStream(LEARNER, advanced.id!)).toEqual([]);
    expect(await badgeStream(LEARNER, other.id!)).toEqual([]);
    expect(await remindersOf(NEWCOMER)).toEqual([]);
  });

  it('reminds again of a renewed badge, at the next version of its stream', async () => {
    await setExpiry(LEARNER, basic.id!, new Date(Date.now() + 20 * DAY));
    await job.handle();
    expect(await remindersOf(LEARNER)).toHaveLength(2);
    expect((await badgeStream(LEARNER, basic.id!)).map((row) => row.version).sort()).toEqual([1, 2]);
    // The 60-day badge comes into the window: its own first reminder.
    await setExpiry(LEARNER, advanced.id!, new Date(Date.now() + 29 * DAY));
    await job.handle();
    expect(await remindersOf(LEARNER)).toHaveLength(3);
  });

  it('works through more than one batch', async () => {
    const many = Array.from({ length: REMINDER_BATCH_SIZE + 2 }, (_, index) => ({ id: randomUUID(), subject: `many-${index}`, hasAcceptedAgreements: true }));
    await store.db.insert(users).values(many);
    await store.db.insert(badges).values(many.map((user) => ({ userId: user.id, courseId: basic.id!, awardedAt: new Date(), expiresAt: new Date(Date.now() + 5 * DAY) })));
    await job.handle();
    const reminded = await store.db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.kind, 'badge-expiring'));
    expect(reminded.filter((row) => row.userId !== LEARNER)).toHaveLength(REMINDER_BATCH_SIZE + 2);
  }, 20_000);
});
