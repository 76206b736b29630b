import { DomainEvent } from '../../database/event-store.js';

export const CREDENTIAL_STREAM = 'credential';

/** A certificate's Open Badges credential was signed and published at its public URL. */
export class OpenBadgeCredentialIssued extends DomainEvent<{
  credentialId: string;
  certificateId: string;
  userId: string;
  courseId: string;
  validFrom: string;
  validUntil: string;
}> {
  readonly type = 'OpenBadgeCredentialIssued';
}
