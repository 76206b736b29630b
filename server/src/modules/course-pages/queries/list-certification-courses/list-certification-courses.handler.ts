import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CERTIFICATION_SLUGS } from '../../../../contracts/catalogue-slugs.js';
import type { CertificationCourseCard } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { isOpenCertificationCourse, selectFromCourses } from '../../../catalogue/reads.js';
import { certificationCardColumns, toCertificationCard } from '../../certification-cards.js';
import { ListCertificationCoursesQuery } from './list-certification-courses.query.js';

@QueryHandler(ListCertificationCoursesQuery)
export class ListCertificationCoursesHandler implements IQueryHandler<ListCertificationCoursesQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId }: ListCertificationCoursesQuery): Promise<CertificationCourseCard[]> {
    const rows = await selectFromCourses(this.connection.db, certificationCardColumns(userId)).where(isOpenCertificationCourse);
    const now = new Date();
    // The spec's order: each service's Basic, then its Advanced; the studio's own courses after the eight.
    const rank = (slug: string) => {
      const known = (CERTIFICATION_SLUGS as readonly string[]).indexOf(slug);
      return known === -1 ? CERTIFICATION_SLUGS.length : known;
    };
    return rows.sort((a, b) => rank(a.slug) - rank(b.slug)).map((row) => toCertificationCard(row, now));
  }
}
