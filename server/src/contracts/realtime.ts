import type { CurrentUser } from './current-user.js';
import type { ExamResult } from './exams.js';
import type { LegacyBadgeImportSummary } from './legacy-badge-imports.js';
import type { UnreadFlags } from './notifications.js';

/** Events the server pushes to browsers. */
export interface ServerToClientEvents {
  'unread.changed': (flags: UnreadFlags) => void;
  /** Sent to everyone when an announcement goes live: each client refetches its own flags (has-unread). */
  'announcements.changed': () => void;
  'user.updated': (user: CurrentUser) => void;
  'exam.timeUp': (payload: { examSessionId: string; courseSlug: string }) => void;
  /** `result` is what the result page shows (null only for an event graded before results were carried in it: fetch it). */
  'exam.graded': (payload: ExamGradedPush) => void;
  'certificate.issued': (payload: CertificateIssuedPush) => void;
  /** The certificate's Open Badges credential was signed: its open page shows it without asking again by hand. */
  'credential.issued': (payload: CredentialIssuedPush) => void;
  /**
   * To admins: events were committed (at most one per 100 ms per committing process). Only a hint: the
   * console reads them from the feed (GET /api/v1/admin/events/feed) after its cursor, so a lost hint costs time, never an event.
   */
  'admin.eventsCommitted': () => void;
  /** Progress of a legacy badge CSV import, to admins, every few hundred rows and at the end (the rejected rows themselves: GET the import). */
  'admin.importProgress': (progress: LegacyBadgeImportSummary) => void;
}

export interface ExamGradedPush {
  examSessionId: string;
  courseSlug: string;
  passed: boolean;
  result: ExamResult | null;
}

export interface CertificateIssuedPush {
  certificateId: string;
  /** The certificate's page is `/mypage/certificates/<slug>`. */
  slug: string;
  courseSlug: string;
}

export interface CredentialIssuedPush {
  credentialId: string;
  /** The certificate the credential is of: the page showing it reads its credential again. */
  certificateId: string;
}

/** Events browsers send; none yet — everything that changes state goes through HTTP commands. */
export type ClientToServerEvents = Record<string, never>;

export const userRoom = (userId: string) => `user:${userId}`;
export const ADMIN_ROOM = 'admin';
