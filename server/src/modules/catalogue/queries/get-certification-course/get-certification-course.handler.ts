import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { tokyoDay } from '../../../../contracts/tokyo-date.js';
import { notFound } from '../../../../core/errors/app-error.js';
import type { CertificationCourseDetail } from '../../../../contracts/catalogue.js';
import { accommodationApplies, extraMinutesOf } from '../../../../contracts/exam-accommodations.js';
import type { Database, DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { examAccommodations } from '../../../accommodations/accommodations.schema.js';
import { courses } from '../../catalogue.schema.js';
import { examSessions } from '../../../certification/certification.schema.js';
import { attemptStanding } from '../../../../contracts/exam-timing.js';
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
    const standing = attemptStanding(userId ? await latestAttempt(db, row.id, userId) : null, row.exam?.retakeWaitHours ?? 0, now);
    return {
      ...toCertificationCard(row, now),
      lessons: await lessonSummaries(db, row.id, userId),
      runningExam: standing.kind === 'open' ? { examSessionId: standing.examSessionId, deadline: standing.deadline.toISOString() } : null,
      examGrading: standing.kind === 'grading',
      examExtraMinutes: userId ? await examExtraMinutes(db, userId, row.exam?.minutes ?? 0, now) : 0,
      retakeOpensAt: standing.kind === 'retakeWait' ? standing.opensAt.toISOString() : null,
    };
  }
}

/** The learner's latest session of the course: the start rule reads the same rows (one running per learner, the newest otherwise). */
async function latestAttempt(db: Database, courseId: string, userId: string) {
  const [session] = await db
    .select({ id: examSessions.id, status: examSessions.status, deadline: examSessions.deadline, finishedAt: examSessions.finishedAt, passed: examSessions.passed })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.courseId, courseId)))
    .orderBy(desc(examSessions.startedAt))
    .limit(1);
  return session ?? null;
}

/** The extra time a start now would get: the same grant, the same rule as the exam's start (certification). */
async function examExtraMinutes(db: Database, userId: string, minutes: number, now: Date): Promise<number> {
  const [grant] = await db
    .select({ extraMinutes: examAccommodations.extraMinutes, extraPercent: examAccommodations.extraPercent, endsOn: examAccommodations.endsOn })
    .from(examAccommodations)
    .where(and(eq(examAccommodations.userId, userId), isNull(examAccommodations.withdrawnAt)));
  return grant && accommodationApplies(grant, tokyoDay(now)) ? extraMinutesOf(minutes, grant) : 0;
}
