import { and, type AnyColumn, asc, eq, gt, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { BadgeStatus } from '../../contracts/catalogue.js';
import { TOKYO_TIME_ZONE } from '../../contracts/tokyo-date.js';
import { rowsOf, type DatabaseExecutor } from '../../database/connection.js';
import { examExtraMinutes } from '../accommodations/reads.js';
import { certificationCourseById } from '../catalogue/reads.js';
import { badges, examQuestionOutcomes, examSessions } from './certification.schema.js';
import { RENEWAL_WINDOW_DAYS, renewalOpensAt } from './domain/badge-validity.js';
import { type AttemptStanding, attemptStanding } from './domain/exam-timing.js';
import { latestAttemptOf } from './learner-attempts.js';

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

/** The days before its expiry from which a badge may be renewed (the expiry reminder is sent then too). */
export { RENEWAL_WINDOW_DAYS };

/**
 * Badges not yet expired whose renewal window has opened by `now`, soonest expiry first, at most
 * `limit`: the expiry reminder's candidates. `unless` lets the caller leave out badges by its own data
 * (reminders already sent, learners it may not write to), correlated to the badge's columns.
 */
export function badgesInRenewalWindow(
  db: DatabaseExecutor,
  now: Date,
  limit: number,
  unless?: (badge: { userId: AnyColumn; courseId: AnyColumn; expiresAt: AnyColumn }) => SQL,
): Promise<{ userId: string; courseId: string; expiresAt: Date }[]> {
  return db
    .select({ userId: badges.userId, courseId: badges.courseId, expiresAt: badges.expiresAt })
    .from(badges)
    .where(
      and(
        gt(badges.expiresAt, now),
        lte(badges.expiresAt, new Date(now.getTime() + RENEWAL_WINDOW_DAYS * 86_400_000)),
        unless ? sql`not (${unless({ userId: badges.userId, courseId: badges.courseId, expiresAt: badges.expiresAt })})` : undefined,
      ),
    )
    .orderBy(asc(badges.expiresAt))
    .limit(limit);
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
