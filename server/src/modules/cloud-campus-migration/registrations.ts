import type { ModuleJobs } from '../../jobs/job-catalogue.js';
import { type ModulePushes, refreshCurrentUser } from '../../realtime/push-catalogue.js';

export const cloudCampusMigrationJobs: ModuleJobs = {
  reactions: [{ job: 'import-legacy-badges-when-import-requested', on: ['LegacyBadgeImportRequested'] }],
};

export const cloudCampusMigrationPushes: ModulePushes = {
  // The learner's other tabs drop the migration offer. The fact is on the user stream, whose id is the learner's.
  CloudCampusBadgesMigrated: (event) => refreshCurrentUser(event.streamId),
};
