import { and, type AnyColumn, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { renewalOpensAt } from '../../contracts/badge-validity.js';
import type { BadgeStatus } from '../../contracts/catalogue.js';
import { type AttemptStanding, attemptStanding } from '../../contracts/exam-timing.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { examExtraMinutes } from '../accommodations/reads.js';
import { certificationCourseById } from '../catalogue/reads.js';
import { badges, examSessions } from './certification.schema.js';

export type { AttemptStanding };

export interface ExamStanding {
  attempt: AttemptStanding;
  /** The learner's badge of the course (held or expired), null when never awarded. */
  badgeExpiresAt: Date | null;
  /** The extra minutes a start now would get (accommodations). */
  extraMinutes: number;
}

/**
 * One read: everything the course page needs about a learner and a certification course.
 * (Minimal version for the course pages; the exam branch's examStanding supersedes it.)
 */
export async function examStanding(db: DatabaseExecutor, userId: string, courseId: string, now: Date): Promise<ExamStanding> {
  const exam = (await certificationCourseById(db, courseId))?.exam;
  // The start rule reads the same rows: one running per learner, the newest otherwise.
  const [latest] = await db
    .select({ id: examSessions.id, status: examSessions.status, deadline: examSessions.deadline, finishedAt: examSessions.finishedAt, passed: examSessions.passed })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.courseId, courseId)))
    .orderBy(desc(examSessions.startedAt))
    .limit(1);
  const [badge] = await db
    .select({ expiresAt: badges.expiresAt })
    .from(badges)
    .where(and(eq(badges.userId, userId), eq(badges.courseId, courseId)));
  return {
    attempt: attemptStanding(latest ?? null, exam?.retakeWaitHours ?? 0, now),
    badgeExpiresAt: badge?.expiresAt ?? null,
    extraMinutes: await examExtraMinutes(db, userId, exam?.minutes ?? 0, now),
  };
}

/** For course lists: the learner's badge expiry of the course whose id the outer query passes (null when none). */
export function badgeExpiresAtOf(userId: string | Placeholder, courseId: SQL | AnyColumn): SQL<Date | null> {
  return sql<Date | null>`(select "badges"."expires_at" from "badges" where "badges"."user_id" = ${userId} and "badges"."course_id" = ${courseId})`.mapWith(
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
