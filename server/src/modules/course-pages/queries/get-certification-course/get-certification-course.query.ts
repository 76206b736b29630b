import { Query } from '@nestjs/cqrs';
import type { CertificationCourseDetail } from '../../../../contracts/catalogue.js';

export class GetCertificationCourseQuery extends Query<CertificationCourseDetail> {
  constructor(
    readonly slug: string,
    readonly userId: string | null,
  ) {
    super();
  }
}
