import { DomainEvent } from '../../database/event-store.js';

export const CERTIFICATE_STREAM = 'certificate';

/** A certificate was issued for a badge (a passed exam, or a Cloud Campus record: no session): its row exists and its PDF is stored. */
export class CertificateIssued extends DomainEvent<{
  certificateId: string;
  slug: string;
  userId: string;
  courseId: string;
  courseSlug: string;
  /** What the learner's notice calls the course; absent in older events. */
  courseTitle?: string;
  examSessionId: string | null;
  issuedAt: string;
  expiresAt: string;
}> {
  readonly type = 'CertificateIssued';
}
