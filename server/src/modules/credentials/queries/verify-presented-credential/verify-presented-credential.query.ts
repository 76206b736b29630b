import { Query } from '@nestjs/cqrs';
import type { CredentialVerification, CredentialVerificationRequest } from '../../../../contracts/credentials.js';

/** Anyone's credential, pasted or dropped on /certificates/verify: what its signature, issuer, dates and status say now. */
export class VerifyPresentedCredentialQuery extends Query<CredentialVerification> {
  constructor(readonly input: CredentialVerificationRequest) {
    super();
  }
}
