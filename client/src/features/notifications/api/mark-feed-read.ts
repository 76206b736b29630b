import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { MarkedRead } from '@campus/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { FEED_API_PATHS } from './feed-paths';

/**
 * PUT /api/v1/announcements/mark-as-read or /api/v1/notifications/mark-as-read — every item of
 * the feed becomes read for the learner. Failures get the default handling (spec §8 popups).
 */
export function markFeedRead(feed: FeedCategory): Promise<MarkedRead> {
  return apiClient.put<MarkedRead>(`${FEED_API_PATHS[feed]}mark-as-read`);
}
