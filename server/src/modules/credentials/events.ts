import type { RevocationCategory } from '../../contracts/revocation-categories.js';
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

/** What a revocation or its undoing says, and what the learner's notice needs. */
interface RevocationChange {
  credentialId: string;
  certificateId: string;
  certificateSlug: string;
  userId: string;
  courseId: string;
  reason: string;
}

/** An admin revoked the credential: its status-list bit is set, verifiers see it revoked. */
export class OpenBadgeCredentialRevoked extends DomainEvent<RevocationChange & { revokedAt: string; category: RevocationCategory }> {
  readonly type = 'OpenBadgeCredentialRevoked';
}

/** An admin undid a revocation: the bit is clear again, the credential valid until its validUntil. */
export class OpenBadgeCredentialRestored extends DomainEvent<RevocationChange & { restoredAt: string }> {
  readonly type = 'OpenBadgeCredentialRestored';
}

/**
 * A newer credential of the same badge line (the learner renewed it, 更新受験) replaced this one. It stays
 * published and verifiable; only its link points to the newer one. Not a revocation: its status bit stays clear.
 */
export class OpenBadgeCredentialSuperseded extends DomainEvent<{
  credentialId: string;
  certificateId: string;
  userId: string;
  courseId: string;
  supersededBy: string;
  supersededByCertificateId: string;
  supersededAt: string;
}> {
  readonly type = 'OpenBadgeCredentialSuperseded';
}
