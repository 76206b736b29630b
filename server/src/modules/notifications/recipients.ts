import { and, count, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { NotificationTarget } from '../../contracts/admin-notifications.js';
import { fromTokyoWallClock, tokyoWallClock } from '../../contracts/tokyo-date.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { courses } from '../catalogue/catalogue.schema.js';
import { badges } from '../certification/certification.schema.js';
import { users } from '../identity/identity.schema.js';

/** The first instant of the calendar month after the one `now` falls in, on the Tokyo calendar. */
export function startOfNextTokyoMonth(now: Date): Date {
  const tokyo = tokyoWallClock(now);
  return fromTokyoWallClock(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth() + 1, 1));
}

/**
 * The users an admin message reaches at `now`, as a condition on `users`. The one definition behind
 * the count the admin sees and the delivery the worker makes. Only accounts past the agreements: the
 * personal feed is closed to the others.
 */
export function recipientsOf(target: NotificationTarget, now: Date): SQL {
  const accepted = eq(users.hasAcceptedAgreements, true);
  if (target.kind === 'user') {
    const email = target.email.toLowerCase();
    return and(accepted, or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.verifiedEmail}) = ${email}`))!;
  }
  const learners = and(eq(users.role, 'learner'), accepted)!;
  if (target.segment === 'all-learners') return learners;
  const heldBadge = and(
    eq(badges.userId, users.id),
    gt(badges.expiresAt, now),
    target.segment === 'badge-expiring-this-month' ? lt(badges.expiresAt, startOfNextTokyoMonth(now)) : undefined,
    target.courseSlug ? and(eq(courses.kind, 'certification'), eq(courses.slug, target.courseSlug)) : undefined,
  );
  return and(learners, sql`exists (select 1 from ${badges} join ${courses} on ${courses.id} = ${badges.courseId} where ${heldBadge})`)!;
}

export async function countRecipients(db: DatabaseExecutor, target: NotificationTarget, now: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(recipientsOf(target, now));
  return row?.total ?? 0;
}
