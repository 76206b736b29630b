import { Query } from '@nestjs/cqrs';
import type { SignedCredential } from '../../signing/data-integrity-proof.js';

/** A published credential in both its signed forms: the JWT and the JSON-LD credential with its Data Integrity proof. */
export interface CredentialForms {
  jwt: string;
  dataIntegrity: SignedCredential;
}

export class GetCredentialQuery extends Query<CredentialForms> {
  constructor(readonly credentialId: string) {
    super();
  }
}
