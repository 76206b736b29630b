import { Query } from '@nestjs/cqrs';
import type { CredentialLink } from '../../../../contracts/credentials.js';

/**
 * Where a certificate's credential is published: the holder asks by certificate id, anyone by the
 * slug printed on it (the verification page). 404 when it is not there (yet).
 */
export class GetCertificateCredentialQuery extends Query<CredentialLink> {
  constructor(readonly certificate: { id: string; userId: string } | { slug: string }) {
    super();
  }
}
