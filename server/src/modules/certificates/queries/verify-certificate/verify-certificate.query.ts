import { Query } from '@nestjs/cqrs';
import type { CertificateVerification } from '../../../../contracts/certificates.js';

/** What anyone may learn of a certificate from the slug printed on it (404 when unknown). */
export class VerifyCertificateQuery extends Query<CertificateVerification> {
  constructor(readonly slug: string) {
    super();
  }
}
