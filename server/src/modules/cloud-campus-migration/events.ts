import { DomainEvent } from '../../database/event-store.js';

/** Stream of the admin imports (one stream: the legacy records as a whole). */
export const LEGACY_BADGES_STREAM = { streamType: 'legacy-badges', streamId: 'cloud-campus' } as const;

export class LegacyBadgesImported extends DomainEvent<{
  source: string;
  imported: number;
  unchanged: number;
  rejected: number;
  offeredUserIds: string[];
}> {
  readonly type = 'LegacyBadgesImported';
}

/** User stream: records kept for the learner's verified e-mail wait to be carried over (the flag is set). */
export class CloudCampusMigrationOffered extends DomainEvent<{ email: string; courseSlugs: string[] }> {
  readonly type = 'CloudCampusMigrationOffered';
}

/**
 * User stream: the learner's Cloud Campus records were carried over (the flag is cleared); certification
 * makes their badges after commit, valid for `validMonths` (the course's, null for the default) from the
 * pass. `expiresAt` and `keptLaterBadge` are in older events only, from when the migration decided them.
 */
export class CloudCampusBadgesMigrated extends DomainEvent<{
  email: string | null;
  badges: { courseSlug: string; courseId: string; passedAt: string; validMonths?: number | null; expiresAt?: string; keptLaterBadge?: boolean }[];
}> {
  readonly type = 'CloudCampusBadgesMigrated';
}

/** Stream of one CSV import an admin started over HTTP; the worker runs it. */
export const LEGACY_BADGE_IMPORT_STREAM = 'legacy-badge-import';

/** The CSV itself stays in legacy_badge_imports: events carry facts, not files. */
export class LegacyBadgeImportRequested extends DomainEvent<{ importId: string; fileName: string; requestedBy: string }> {
  readonly type = 'LegacyBadgeImportRequested';
}
