import { randomUUID } from 'node:crypto';
import type { NotificationTarget } from '../../contracts/admin-notifications';
import { courses } from '../catalogue/catalogue.schema';
import { badges } from '../certification/certification.schema';
import { users } from '../identity/identity.schema';
import { aCertificationCourseRow } from '../../testing/catalogue-rows';
import { openPgliteStore } from '../../testing/pglite-store';
import { countRecipients, startOfNextTokyoMonth } from './recipients';

describe('startOfNextTokyoMonth', () => {
  it.each([
    ['2026-11-10T03:00:00Z', '2026-11-30T15:00:00.000Z'],
    // 23:59:59 on 30 November in Tokyo is still November…
    ['2026-11-30T14:59:59Z', '2026-11-30T15:00:00.000Z'],
    // …and one second later it is December there, though still November in UTC.
    ['2026-11-30T15:00:00Z', '2026-12-31T15:00:00.000Z'],
    ['2026-12-15T00:00:00Z', '2026-12-31T15:00:00.000Z'],
    ['2026-12-31T15:00:00Z', '2027-01-31T15:00:00.000Z'],
  ])('after %s is %s', (now, expected) => {
    expect(startOfNextTokyoMonth(new Date(now)).toISOString()).toBe(expected);
  });
});

describe('recipientsOf, counted', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  // 10 November, noon in Tokyo.
  const now = new Date('2026-11-10T03:00:00Z');
  const count = (target: NotificationTarget) => countRecipients(store.db, target, now);

  beforeAll(async () => {
    store = await openPgliteStore();
    const basic = aCertificationCourseRow('line-ads-basic', 1);
    const advanced = aCertificationCourseRow('line-ads-advanced', 2);
    await store.db.insert(courses).values([basic, advanced]);
    const person = (name: string, overrides: Partial<typeof users.$inferInsert> = {}) => ({
      id: randomUUID(),
      subject: name,
      email: `${name}@example.com`,
      role: 'learner' as const,
      hasAcceptedAgreements: true,
      ...overrides,
    });
    const people = {
      thisMonth: person('this-month'),
      nextYear: person('next-year', { email: 'old@example.com', verifiedEmail: 'next-year@example.com' }),
      expired: person('expired'),
      notAccepted: person('not-accepted', { hasAcceptedAgreements: false }),
      admin: person('admin', { role: 'admin' }),
      noBadge: person('no-badge'),
      // 1 December 00:30 in Tokyo: next month there, though 30 November in UTC.
      justAfterMonth: person('just-after-month'),
      // 30 November 23:30 in Tokyo.
      lastHourOfMonth: person('last-hour-of-month'),
    };
    await store.db.insert(users).values(Object.values(people));
    const badge = (userId: string, courseId: string, expiresAt: string) => ({ userId, courseId, awardedAt: new Date('2025-11-01T00:00:00Z'), expiresAt: new Date(expiresAt) });
    await store.db.insert(badges).values([
      badge(people.thisMonth.id, basic.id!, '2026-11-25T00:00:00Z'),
      badge(people.nextYear.id, advanced.id!, '2027-03-01T00:00:00Z'),
      badge(people.expired.id, basic.id!, '2026-11-01T00:00:00Z'),
      badge(people.notAccepted.id, basic.id!, '2026-11-20T00:00:00Z'),
      badge(people.admin.id, basic.id!, '2026-11-20T00:00:00Z'),
      badge(people.justAfterMonth.id, basic.id!, '2026-11-30T15:30:00Z'),
      badge(people.lastHourOfMonth.id, advanced.id!, '2026-11-30T14:30:00Z'),
    ]);
  }, 30_000);
  afterAll(() => store.connection.close());

  it('counts every learner past the agreements (not admins, not those who have not accepted)', async () => {
    expect(await count({ kind: 'segment', segment: 'all-learners' })).toBe(6);
  });

  it('counts holders of a badge still valid, of any course or of one course', async () => {
    expect(await count({ kind: 'segment', segment: 'badge-holders' })).toBe(4);
    expect(await count({ kind: 'segment', segment: 'badge-holders', courseSlug: 'line-ads-basic' })).toBe(2);
    // A course the catalogue does not have is refused before anything is counted.
    await expect(count({ kind: 'segment', segment: 'badge-holders', courseSlug: 'yahoo-ads-searchads-basic' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'courseSlug' });
  });

  it('counts badges expiring in the rest of this month on the Tokyo calendar', async () => {
    expect(await count({ kind: 'segment', segment: 'badge-expiring-this-month' })).toBe(2);
    expect(await count({ kind: 'segment', segment: 'badge-expiring-this-month', courseSlug: 'line-ads-basic' })).toBe(1);
    expect(await count({ kind: 'segment', segment: 'badge-expiring-this-month', courseSlug: 'line-ads-advanced' })).toBe(1);
  });

  it('finds one person by e-mail or verified e-mail, whatever the case, only past the agreements', async () => {
    expect(await count({ kind: 'user', email: 'THIS-MONTH@Example.com' })).toBe(1);
    expect(await count({ kind: 'user', email: 'next-year@example.com' })).toBe(1);
    expect(await count({ kind: 'user', email: 'old@example.com' })).toBe(1);
    // An admin past the agreements has a personal feed too (a message to oneself previews it).
    expect(await count({ kind: 'user', email: 'admin@example.com' })).toBe(1);
    expect(await count({ kind: 'user', email: 'not-accepted@example.com' })).toBe(0);
    expect(await count({ kind: 'user', email: 'nobody@example.com' })).toBe(0);
  });
});
