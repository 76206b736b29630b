import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import { FEED_PAGE_SIZE, type FeedPage } from '@campus/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { FEED_API_PATHS, type FeedRequestOptions } from './request-options';

/** GET /api/v1/announcements/ or /api/v1/notifications/ — one page of the feed, newest first, with the total. */
export function getFeedPage(
  feed: FeedCategory,
  { limit = FEED_PAGE_SIZE, offset = 0 }: { limit?: number; offset?: number },
  options: FeedRequestOptions = {},
): Promise<FeedPage> {
  // Read flags change with every visit and every push: never an HTTP-cached copy.
  return apiClient.get<FeedPage>(FEED_API_PATHS[feed], { query: { limit, offset }, noCache: true, ...options });
}
