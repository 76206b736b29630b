import { Query } from '@nestjs/cqrs';
import type { Certificate } from '../../../../contracts/certificates.js';

/** One of the learner's certificates by id or slug (404 for anyone else's). */
export class GetCertificateQuery extends Query<Certificate> {
  constructor(
    readonly userId: string,
    readonly certificateId: string,
  ) {
    super();
  }
}
