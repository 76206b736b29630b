import { type AnyColumn, and, asc, eq, gt, lt, lte, type SQL, sql } from 'drizzle-orm';
import { RENEWAL_WINDOW_DAYS } from '../../contracts/badge-validity.js';
import { type DatabaseExecutor, rowsOf } from '../../database/connection.js';
import { type EventRow, toStoredEvent } from '../../database/event-row.js';
import type { StoredEvent } from '../../database/event-store.js';
import { badges, examSessions } from './certification.schema.js';
import { CARRIED_BADGE_STREAM } from './events.js';

/** What certification publishes for the modules above it (certificates, credentials, notifications): plain data, never its tables. */

/** A learner's badge of a course as certification holds it now (the latest award), or null. */
export async function currentBadgeAward(db: DatabaseExecutor, userId: string, courseId: string): Promise<{ awardedAt: Date; expiresAt: Date } | null> {
  const [badge] = await db
    .select({ awardedAt: badges.awardedAt, expiresAt: badges.expiresAt })
    .from(badges)
    .where(and(eq(badges.userId, userId), eq(badges.courseId, courseId)));
  return badge ?? null;
}

/** The score of a graded exam session, as a credential states it (null when the session is unknown or ungraded). */
export async function gradedExamScore(db: DatabaseExecutor, examSessionId: string): Promise<{ finishedAt: Date; percent: number } | null> {
  const [exam] = await db.select({ finishedAt: examSessions.finishedAt, score: examSessions.score }).from(examSessions).where(eq(examSessions.id, examSessionId));
  return exam?.finishedAt && exam.score ? { finishedAt: exam.finishedAt, percent: exam.score.percent } : null;
}

/** The columns of one award, for a caller's condition correlated to it. */
export interface AwardColumns {
  userId: SQL;
  courseId: SQL;
  awardedAt: SQL;
}

/**
 * The badges whose current award `served` (the caller's condition on its own table, correlated to the
 * award's columns) does not hold yet, oldest first, each with the relayed event that awarded it: the
 * BadgeAwarded of the passed exam or of the badge carried over, or for a badge carried over before those
 * existed, the CloudCampusBadgesMigrated that carried it. The certificates reconciler asks this.
 */
export async function awardsNotYet(db: DatabaseExecutor, served: (award: AwardColumns) => SQL, limit: number): Promise<StoredEvent[]> {
  const award = { userId: sql`b.user_id`, courseId: sql`b.course_id`, awardedAt: sql`b.awarded_at` };
  const rows = await rowsOf<EventRow>(
    db,
    sql`select awarded.seq, awarded.id, awarded.stream_type, awarded.stream_id, awarded.version, awarded.type, awarded.data, awarded.meta, awarded.occurred_at
          from (select b.user_id, b.course_id, b.awarded_at from badges b
                 where not (${served(award)})
                 order by b.awarded_at limit ${limit}) b
          cross join lateral (
            select * from (
              (select e.*, 1 as preference from exam_sessions s
                 join events e on e.stream_type = 'exam-session' and e.stream_id = s.id::text and e.type = 'BadgeAwarded'
                where s.user_id = b.user_id and s.course_id = b.course_id and s.status = 'graded' and s.passed
                  and (e.data->>'awardedAt')::timestamptz = b.awarded_at)
              union all
              (select e.*, 2 from events e
                where e.stream_type = ${CARRIED_BADGE_STREAM} and e.stream_id = b.user_id::text || ':' || b.course_id::text and e.type = 'BadgeAwarded'
                  and (e.data->>'awardedAt')::timestamptz = b.awarded_at)
              union all
              (select e.*, 3 from events e
                where e.stream_type = 'user' and e.stream_id = b.user_id::text and e.type = 'CloudCampusBadgesMigrated'
                  and exists (select 1 from jsonb_array_elements(e.data->'badges') carried
                               where carried->>'courseId' = b.course_id::text and (carried->>'passedAt')::timestamptz = b.awarded_at))
            ) candidates
            order by preference
            limit 1
          ) awarded
         where awarded.relayed_at is not null
         order by awarded.seq`,
  );
  return rows.map(toStoredEvent);
}

/** The columns of one badge, for a caller's condition correlated to it. */
export interface BadgeColumns {
  userId: SQL;
  courseId: SQL;
  expiresAt: SQL;
}

/**
 * Badges whose renewal window (更新受験, `RENEWAL_WINDOW_DAYS` before expiry) is open at `now` and which have
 * not expired, that `keep` (the caller's condition, correlated to the badge's columns) keeps: soonest expiry
 * first, at most `limit`. The expiry reminder asks this.
 */
export async function badgesEnteringRenewalWindow(
  db: DatabaseExecutor,
  now: Date,
  keep: (badge: BadgeColumns) => SQL,
  limit: number,
): Promise<{ userId: string; courseId: string; expiresAt: Date }[]> {
  const badge = { userId: sql`${badges.userId}`, courseId: sql`${badges.courseId}`, expiresAt: sql`${badges.expiresAt}` };
  return db
    .select({ userId: badges.userId, courseId: badges.courseId, expiresAt: badges.expiresAt })
    .from(badges)
    .where(and(gt(badges.expiresAt, now), lte(badges.expiresAt, new Date(now.getTime() + RENEWAL_WINDOW_DAYS * 86_400_000)), keep(badge)))
    .orderBy(asc(badges.expiresAt))
    .limit(limit);
}

/**
 * Whether the learner whose id the outer query passes holds a badge valid at `now`: of the course when
 * `courseId` is given, and expiring before `expiringBefore` when that is given.
 */
export const holdsValidBadge = (userId: SQL | AnyColumn, now: Date, only: { courseId?: string; expiringBefore?: Date } = {}): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${badges} where ${and(
    sql`${badges.userId} = ${userId}`,
    gt(badges.expiresAt, now),
    only.expiringBefore ? lt(badges.expiresAt, only.expiringBefore) : undefined,
    only.courseId ? eq(badges.courseId, only.courseId) : undefined,
  )})`;
