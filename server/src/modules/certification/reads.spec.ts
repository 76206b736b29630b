import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { examAccommodations } from '../accommodations/accommodations.schema';
import { aCourseWithBank, aLearner } from '../../testing/exam-fixtures';
import { openPgliteStore } from '../../testing/pglite-store';
import { badges, examSessions } from './certification.schema';
import { badgeOffer, badgesEnteringRenewalWindow, examStanding } from './reads';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('badgeOffer: what a card and the course page say of a badge', () => {
  const now = new Date('2026-11-28T03:00:00Z');
  const expiringIn = (days: number) => new Date(now.getTime() + days * DAY);

  it('offers the exam when no badge was ever awarded', () => {
    expect(badgeOffer(null, now)).toEqual({ badgeStatus: 'unavailable', examOffer: 'take', renewalOpensAt: null });
  });

  it('holds a valid badge until 30 days before it expires, then offers its renewal, also once it has expired', () => {
    expect(badgeOffer(expiringIn(31), now)).toEqual({ badgeStatus: 'available', examOffer: 'held', renewalOpensAt: expiringIn(1) });
    expect(badgeOffer(expiringIn(30), now)).toEqual({ badgeStatus: 'available', examOffer: 'renew', renewalOpensAt: now });
    expect(badgeOffer(expiringIn(-1), now)).toEqual({ badgeStatus: 'expired', examOffer: 'renew', renewalOpensAt: expiringIn(-31) });
  });
});

describe('examStanding and badgesEnteringRenewalWindow (on PGlite)', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let courseId: string;

  const session = (userId: string, change: Partial<typeof examSessions.$inferInsert>) =>
    store.db.insert(examSessions).values({
      id: randomUUID(),
      userId,
      courseId,
      status: 'graded',
      questions: [],
      answers: {},
      startedAt: new Date(Date.now() - 2 * HOUR),
      deadline: new Date(Date.now() - 90 * 60_000),
      streamVersion: 1,
      ...change,
    });

  beforeAll(async () => {
    store = await openPgliteStore();
    courseId = await aCourseWithBank(store, 'line-ads-basic', 1);
  });
  afterAll(() => store.connection.close());

  it('knows nothing of a learner who never sat the exam', async () => {
    expect(await examStanding(store.db, await aLearner(store), courseId, new Date())).toEqual({ attempt: { kind: 'none' }, badgeExpiresAt: null, extraMinutes: 0 });
  });

  it('reads the latest attempt by the standing rule, the badge and the extra time of a start now in one answer', async () => {
    const userId = await aLearner(store);
    const now = new Date();
    await session(userId, { status: 'graded', passed: false, finishedAt: new Date(now.getTime() - 3 * HOUR), startedAt: new Date(now.getTime() - 4 * HOUR) });
    const expiresAt = new Date(now.getTime() + 100 * DAY);
    await store.db.insert(badges).values({ userId, courseId, awardedAt: new Date(now.getTime() - 265 * DAY), expiresAt });
    await store.db.insert(examAccommodations).values({ userId, extraMinutes: null, extraPercent: 50, endsOn: null, note: 'test', grantedAt: now, streamVersion: 1 });

    // The course's 24-hour wait after the failed attempt; 50 % of its 30 minutes.
    expect(await examStanding(store.db, userId, courseId, now)).toEqual({
      attempt: { kind: 'retakeWait', opensAt: new Date(now.getTime() + 21 * HOUR) },
      badgeExpiresAt: expiresAt,
      extraMinutes: 15,
    });

    // A newer running session decides: open until its deadline, grading from then on.
    const deadline = new Date(now.getTime() + 10 * 60_000);
    await session(userId, { status: 'running', startedAt: new Date(now.getTime() - 20 * 60_000), deadline });
    const [running] = await store.db.select({ id: examSessions.id }).from(examSessions).where(and(eq(examSessions.userId, userId), eq(examSessions.status, 'running')));
    expect((await examStanding(store.db, userId, courseId, now)).attempt).toEqual({ kind: 'open', examSessionId: running!.id, deadline });
    expect((await examStanding(store.db, userId, courseId, new Date(deadline.getTime() + 1))).attempt).toEqual({ kind: 'grading' });
  });

  it('lists the unexpired badges whose renewal window has opened, soonest first, less those the caller leaves out', async () => {
    const now = new Date();
    const soon = await aLearner(store);
    const later = await aLearner(store);
    const outside = await aLearner(store);
    const expired = await aLearner(store);
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    await store.db.insert(badges).values([
      { userId: soon, courseId, awardedAt: at(-300), expiresAt: at(2) },
      { userId: later, courseId, awardedAt: at(-300), expiresAt: at(29) },
      { userId: outside, courseId, awardedAt: at(-300), expiresAt: at(31) },
      { userId: expired, courseId, awardedAt: at(-400), expiresAt: at(-1) },
    ]);
    const mine = new Set([soon, later, outside, expired]);
    const found = (await badgesEnteringRenewalWindow(store.db, now, () => sql`true`, 100)).filter((badge) => mine.has(badge.userId));
    expect(found.map((badge) => badge.userId)).toEqual([soon, later]);
    const unlessSoon = await badgesEnteringRenewalWindow(store.db, now, (badge) => sql`${badge.userId} <> ${soon}`, 100);
    expect(unlessSoon.filter((badge) => mine.has(badge.userId)).map((badge) => badge.userId)).toEqual([later]);
  });
});
