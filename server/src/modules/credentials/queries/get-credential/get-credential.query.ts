import { Query } from '@nestjs/cqrs';

/** A published credential by its id: the compact VC-JWT (404 when unknown). */
export class GetCredentialQuery extends Query<{ jwt: string }> {
  constructor(readonly credentialId: string) {
    super();
  }
}
