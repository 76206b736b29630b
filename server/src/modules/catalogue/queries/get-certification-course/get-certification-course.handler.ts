import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../../common/errors/app-error.js';
import type { CertificationCourseDetail } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../../../database/schema.js';
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
    return { ...toCertificationCard(row, new Date()), lessons: await lessonSummaries(db, row.id, userId) };
  }
}
