import type { FeedCategory } from '@campus/contracts/catalogue-slugs';

/** general → the public announcements, personal → the learner's notifications (spec §7). */
export const FEED_API_PATHS: Record<FeedCategory, string> = {
  general: '/api/v1/announcements/',
  personal: '/api/v1/notifications/',
};
