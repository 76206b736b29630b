import { and, type AnyColumn, asc, eq, gt, lt, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { BadgeStatus } from '../../contracts/catalogue.js';
import { TOKYO_TIME_ZONE } from '../../contracts/tokyo-date.js';
import { type DatabaseExecutor, rowsOf } from '../../database/connection.js';
import { examExtraMinutes } from '../accommodations/reads.js';
import { certificationCourseById } from '../catalogue/reads.js';
import { badges, examQuestionOutcomes, examSessions } from './certification.schema.js';
import { RENEWAL_WINDOW_DAYS, renewalOpensAt } from './domain/badge-validity.js';
import { type AttemptStanding, attemptStanding } from './domain/exam-timing.js';
import { latestAttemptOf } from './learner-attempts.js';
import { type EventRow, toStoredEvent } from '../../database/event-row.js';
import type { StoredEvent } from '../../database/event-store.js';
import { CARRIED_BADGE_STREAM } from './events.js';

export type { AttemptStanding };

export interface ExamStanding {
  attempt: AttemptStanding;
  /** The learner's badge of the course (held or expired), null when never awarded. */
  badgeExpiresAt: Date | null;
  /** The extra minutes a start now would get (accommodations). */
  extraMinutes: number;
}

/**
 * One read: everything the course page and the start rule need about a learner and a certification
 * course — the latest attempt by the one standing rule (`attemptStanding`: open, grading, retake wait),
 * the badge's expiry, and the extra time a start now would get.
 */
export async function examStanding(db: DatabaseExecutor, userId: string, courseId: string, now: Date): Promise<ExamStanding> {
  const course = await certificationCourseById(db, courseId);
  const latest = await latestAttemptOf(db, userId, courseId);
  const [badge] = await db
    .select({ expiresAt: badges.expiresAt })
    .from(badges)
    .where(and(eq(badges.userId, userId), eq(badges.courseId, courseId)));
  return {
    attempt: attemptStanding(latest, course?.exam?.retakeWaitHours ?? 0, now),
    badgeExpiresAt: badge?.expiresAt ?? null,
    extraMinutes: await examExtraMinutes(db, userId, course?.exam?.minutes ?? 0, now),
  };
}

/** For course lists: the learner's badge expiry of the course whose id the outer query passes (null when none). */
export function badgeExpiresAtOf(userId: string | Placeholder, courseId: SQL | AnyColumn): SQL<Date | null> {
  return sql<Date | null>`(select ${badges.expiresAt} from ${badges} where ${badges.userId} = ${userId} and ${badges.courseId} = ${courseId})`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value)),
  );
}

/**
 * What a card and the course page say of a badge expiring then (or never awarded): held or expired,
 * and the exam offered by the start rule's renewal window (`startDecision`): take, held, or renew.
 */
export function badgeOffer(expiresAt: Date | null, now: Date): { badgeStatus: BadgeStatus; examOffer: 'take' | 'held' | 'renew'; renewalOpensAt: Date | null } {
  if (!expiresAt) return { badgeStatus: 'unavailable', examOffer: 'take', renewalOpensAt: null };
  const opensAt = renewalOpensAt(expiresAt);
  return { badgeStatus: expiresAt > now ? 'available' : 'expired', examOffer: opensAt > now ? 'held' : 'renew', renewalOpensAt: opensAt };
}

/** The Tokyo day an exam started: the analytics count by it. */
const TOKYO_START_DAY = (startedAt: AnyColumn) => sql`to_char(${startedAt} at time zone ${TOKYO_TIME_ZONE}, 'YYYY-MM-DD')`;

/** Graded attempts of these courses started in [startsAt, endsBefore), by course and Tokyo day: how many and how many passed. */
export async function gradedAttemptsByDay(
  db: DatabaseExecutor,
  range: { startsAt: Date; endsBefore: Date },
  courseIds: readonly string[],
): Promise<{ courseId: string; day: string; attempts: number; passed: number }[]> {
  if (courseIds.length === 0) return [];
  const rows = await rowsOf<{ course_id: string; day: string; attempts: number; passed: number }>(
    db,
    sql`select course_id, ${TOKYO_START_DAY(examSessions.startedAt)} as day, count(*)::int as attempts, (count(*) filter (where passed))::int as passed
          from exam_sessions
         where status = 'graded' and started_at >= ${range.startsAt} and started_at < ${range.endsBefore}
           and course_id in ${[...courseIds]}
         group by 1, 2`,
  );
  return rows.map((row) => ({ courseId: row.course_id, day: row.day, attempts: row.attempts, passed: row.passed }));
}

/**
 * Every question of the sessions of these courses started in [startsAt, endsBefore) and graded, right or
 * not as grading scored it (an unanswered question counts as answered wrong); the prompt is the latest seen.
 */
export async function questionOutcomeTallies(
  db: DatabaseExecutor,
  range: { startsAt: Date; endsBefore: Date },
  courseIds: readonly string[],
): Promise<{ courseId: string; questionId: string; topic: string; prompt: string; answered: number; correct: number }[]> {
  if (courseIds.length === 0) return [];
  const rows = await rowsOf<{ course_id: string; question_id: string; topic: string; prompt: string; answered: number; correct: number }>(
    db,
    sql`select course_id, question_id, topic, (array_agg(prompt order by started_at desc))[1] as prompt,
               count(*)::int as answered, (count(*) filter (where correct))::int as correct
          from ${examQuestionOutcomes}
         where started_at >= ${range.startsAt} and started_at < ${range.endsBefore}
           and course_id in ${[...courseIds]}
         group by course_id, question_id, topic`,
  );
  return rows.map((row) => ({ courseId: row.course_id, questionId: row.question_id, topic: row.topic, prompt: row.prompt, answered: row.answered, correct: row.correct }));
}

/** Every graded outcome of a course's sessions (one row per question drawn), for the item statistics. */
export async function questionOutcomesOfCourse(
  db: DatabaseExecutor,
  courseId: string,
): Promise<{ examSessionId: string; questionId: string; correct: boolean; startedAt: Date }[]> {
  const rows = await db
    .select({ examSessionId: examQuestionOutcomes.examSessionId, questionId: examQuestionOutcomes.questionId, correct: examQuestionOutcomes.correct, startedAt: examQuestionOutcomes.startedAt })
    .from(examQuestionOutcomes)
    .where(eq(examQuestionOutcomes.courseId, courseId));
  return rows;
}

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
