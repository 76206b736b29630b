import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { tokyoDay } from '../../../../common/dates/report-range.js';
import { notFound } from '../../../../common/errors/app-error.js';
import type { CertificationCourseDetail } from '../../../../contracts/catalogue.js';
import { accommodationApplies, extraMinutesOf } from '../../../../contracts/exam-accommodations.js';
import type { Database, DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { examAccommodations } from '../../../accommodations/accommodations.schema.js';
import { courses } from '../../catalogue.schema.js';
import { examSessions } from '../../../certification/certification.schema.js';
import { overdueBefore, retakeWaitEndsAt } from '../../../../contracts/exam-timing.js';
import { certificationCardColumns, toCertificationCard } from '../../certification-cards.js';
import { lessonSummaries } from '../../lesson-summaries.js';
import { GetCertificationCourseQuery } from './get-certification-course.query.js';

@QueryHandler(GetCertificationCourseQuery)
export class GetCertificationCourseHandler implements IQueryHandler<GetCertificationCourseQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ slug, userId }: GetCertificationCourseQuery): Promise<CertificationCourseDetail> {
    const db = this.connection.db;
    const [row] = await db
      .select(certificationCardColumns(userId))
      .from(courses)
      .where(and(eq(courses.kind, 'certification'), eq(courses.slug, slug)));
    if (!row) throw notFound('認定コース');
    const now = new Date();
    return {
      ...toCertificationCard(row, now),
      lessons: await lessonSummaries(db, row.id, userId),
      runningExam: userId ? await runningExam(db, row.id, userId, now) : null,
      examExtraMinutes: userId ? await examExtraMinutes(db, userId, row.exam?.minutes ?? 0, now) : 0,
      retakeOpensAt: userId ? await waitingRetake(db, row.id, userId, row.exam?.retakeWaitHours ?? 0, now) : null,
    };
  }
}

/** An overdue session is not offered for resuming: the learner's next exam read finishes it. */
async function runningExam(db: Database, courseId: string, userId: string, now: Date) {
  const [session] = await db
    .select({ examSessionId: examSessions.id, deadline: examSessions.deadline })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.courseId, courseId), eq(examSessions.status, 'running'), gte(examSessions.deadline, overdueBefore(now))));
  return session ? { examSessionId: session.examSessionId, deadline: session.deadline.toISOString() } : null;
}

/** The start rule's wait after a failed attempt (certification's EXAM_COOLDOWN), told before the learner tries. */
async function waitingRetake(db: Database, courseId: string, userId: string, retakeWaitHours: number, now: Date): Promise<string | null> {
  const [lastAttempt] = await db
    .select({ finishedAt: examSessions.finishedAt, passed: examSessions.passed })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.courseId, courseId), inArray(examSessions.status, ['expired', 'graded'])))
    .orderBy(desc(examSessions.startedAt))
    .limit(1);
  const finished = lastAttempt?.finishedAt ? { finishedAt: lastAttempt.finishedAt, passed: lastAttempt.passed === true } : null;
  return retakeWaitEndsAt(finished, retakeWaitHours, now)?.toISOString() ?? null;
}

/** The extra time a start now would get: the same grant, the same rule as the exam's start (certification). */
async function examExtraMinutes(db: Database, userId: string, minutes: number, now: Date): Promise<number> {
  const [grant] = await db
    .select({ extraMinutes: examAccommodations.extraMinutes, extraPercent: examAccommodations.extraPercent, endsOn: examAccommodations.endsOn })
    .from(examAccommodations)
    .where(and(eq(examAccommodations.userId, userId), isNull(examAccommodations.withdrawnAt)));
  return grant && accommodationApplies(grant, tokyoDay(now)) ? extraMinutesOf(minutes, grant) : 0;
}
