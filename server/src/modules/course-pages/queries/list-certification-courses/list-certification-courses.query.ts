import { Query } from '@nestjs/cqrs';
import type { CertificationCourseCard } from '../../../../contracts/catalogue.js';

export class ListCertificationCoursesQuery extends Query<CertificationCourseCard[]> {
  constructor(readonly userId: string | null) {
    super();
  }
}
