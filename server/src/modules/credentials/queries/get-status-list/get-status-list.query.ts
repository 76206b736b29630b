import { Query } from '@nestjs/cqrs';
import type { SignedCredential } from '../../signing/data-integrity-proof.js';

/** The campus's status list credential as it stands now, in both signed forms, and the tag of that version. */
export interface StatusListForms {
  jwt: string;
  dataIntegrity: SignedCredential;
  /** Changes with the revoked set and with each re-signing: the ETag of either form. */
  version: string;
}

export class GetStatusListQuery extends Query<StatusListForms> {}
