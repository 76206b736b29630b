import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { CertificationCourseDetail } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../catalogue.schema.js';
import { examStanding } from '../../../certification/reads.js';
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
    // The learner's standing by certification's one read (a visitor has none).
    const { attempt, extraMinutes } = userId ? await examStanding(db, userId, row.id, now) : { attempt: { kind: 'none' } as const, extraMinutes: 0 };
    return {
      ...toCertificationCard(row, now),
      lessons: await lessonSummaries(db, row.id, userId),
      runningExam: attempt.kind === 'open' ? { examSessionId: attempt.examSessionId, deadline: attempt.deadline.toISOString() } : null,
      examGrading: attempt.kind === 'grading',
      examExtraMinutes: extraMinutes,
      retakeOpensAt: attempt.kind === 'retakeWait' ? attempt.opensAt.toISOString() : null,
    };
  }
}
