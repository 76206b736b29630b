import { DomainEvent } from '../../database/event-store.js';

export const CERTIFICATE_STREAM = 'certificate';

/** A certificate was issued for a passed exam: its row exists and its PDF is stored. */
export class CertificateIssued extends DomainEvent<{
  certificateId: string;
  slug: string;
  userId: string;
  courseId: string;
  courseSlug: string;
  examSessionId: string;
  issuedAt: string;
  expiresAt: string;
}> {
  readonly type = 'CertificateIssued';
}
