import { Query } from '@nestjs/cqrs';
import type { CertificateList } from '../../../../contracts/certificates.js';

/** The learner's certificates, newest first, expired ones included (shown as expired); of one course with `courseSlug`. */
export class ListCertificatesQuery extends Query<CertificateList> {
  constructor(
    readonly userId: string,
    readonly courseSlug?: string,
  ) {
    super();
  }
}
