import { TOKYO_TIME_ZONE } from '../../contracts/tokyo-date.js';
import type { ModuleJobs } from '../../jobs/job-catalogue.js';

export const analyticsLogJobs: ModuleJobs = {
  // The analytics log keeps 180 days; pruned at night, when the pages write least.
  schedules: [{ job: 'delete-expired-analytics-reports', pattern: '30 4 * * *', tz: TOKYO_TIME_ZONE }],
};
