import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq, gte } from 'drizzle-orm';
import { notFound } from '../../../../common/errors/app-error.js';
import type { CertificationCourseDetail } from '../../../../contracts/catalogue.js';
import type { Database, DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../catalogue.schema.js';
import { examSessions } from '../../../certification/certification.schema.js';
import { overdueBefore } from '../../../../contracts/exam-timing.js';
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
