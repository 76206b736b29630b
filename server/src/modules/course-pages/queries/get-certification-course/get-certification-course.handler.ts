import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { CertificationCourseDetail } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courseFields, isOpenCertificationCourse, selectFromCourses } from '../../../catalogue/reads.js';
import { examStanding } from '../../../certification/reads.js';
import { certificationCardColumns, toCertificationCard } from '../../certification-cards.js';
import { lessonSummaries } from '../../lesson-summaries.js';
import { GetCertificationCourseQuery } from './get-certification-course.query.js';

@QueryHandler(GetCertificationCourseQuery)
export class GetCertificationCourseHandler implements IQueryHandler<GetCertificationCourseQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ slug, userId }: GetCertificationCourseQuery): Promise<CertificationCourseDetail> {
    const db = this.connection.db;
    const [row] = await selectFromCourses(db, certificationCardColumns(userId)).where(and(isOpenCertificationCourse, eq(courseFields.slug, slug)));
    if (!row) throw notFound('認定コース');
    const now = new Date();
    // The start rule's own read: the page offers what a start now would do.
    const standing = userId ? await examStanding(db, userId, row.id, now) : null;
    const attempt = standing?.attempt ?? { kind: 'none' };
    return {
      ...toCertificationCard(row, now),
      lessons: await lessonSummaries(db, row.id, userId),
      runningExam: attempt.kind === 'open' ? { examSessionId: attempt.examSessionId, deadline: attempt.deadline.toISOString() } : null,
      examGrading: attempt.kind === 'grading',
      examExtraMinutes: standing?.extraMinutes ?? 0,
      retakeOpensAt: attempt.kind === 'retakeWait' ? attempt.opensAt.toISOString() : null,
    };
  }
}
