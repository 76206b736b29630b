import type { NotificationTarget } from '../../contracts/admin-notifications.js';
import { fromTokyoWallClock, tokyoWallClock } from '../../contracts/tokyo-date.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { certificationCourseBySlug, certificationCourseIdOfFilter } from '../catalogue/reads.js';
import { holdsValidBadge } from '../certification/reads.js';
import { type AccountAudience, countAccounts } from '../identity/reads.js';

/** The first instant of the calendar month after the one `now` falls in, on the Tokyo calendar. */
export function startOfNextTokyoMonth(now: Date): Date {
  const tokyo = tokyoWallClock(now);
  return fromTokyoWallClock(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth() + 1, 1));
}

/**
 * The accounts an admin message reaches at `now` (identity's audience, narrowed by the badges certification
 * holds). The one definition behind the count the admin sees and the delivery the worker makes. Only accounts
 * past the agreements: the personal feed is closed to the others. Null when it reaches nobody (a course the
 * catalogue does not have).
 */
export async function recipientsOf(db: DatabaseExecutor, target: NotificationTarget, now: Date): Promise<AccountAudience | null> {
  if (target.kind === 'user') return { email: target.email };
  if (target.segment === 'all-learners') return { learners: true };
  const courseId = target.courseSlug ? ((await certificationCourseBySlug(db, target.courseSlug))?.id ?? null) : undefined;
  if (courseId === null) return null;
  const expiringBefore = target.segment === 'badge-expiring-this-month' ? startOfNextTokyoMonth(now) : undefined;
  return { learners: true, also: (userId) => holdsValidBadge(userId, now, { courseId, expiringBefore }) };
}

/** What the admin is shown before sending, and what a send records: a course the catalogue does not have is refused (400, `courseSlug`). */
export async function countRecipients(db: DatabaseExecutor, target: NotificationTarget, now: Date, courseField = 'courseSlug'): Promise<number> {
  if (target.kind === 'segment' && target.courseSlug) await certificationCourseIdOfFilter(db, target.courseSlug, courseField);
  const audience = await recipientsOf(db, target, now);
  return audience ? countAccounts(db, audience) : 0;
}
