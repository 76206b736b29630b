import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import { FEED_PAGE_SIZE, type FeedPage } from '@campus/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';
import { FEED_API_PATHS } from './feed-paths';

/** GET /api/v1/announcements/ or /api/v1/notifications/ — one page of the feed, newest first, with the total. */
export function getFeedPage(
  feed: FeedCategory,
  { limit = FEED_PAGE_SIZE, offset = 0 }: { limit?: number; offset?: number },
  options: ReadOptions = {},
): Promise<FeedPage> {
  // Read flags change with every visit and every push: never an HTTP-cached copy.
  return apiClient.get<FeedPage>(FEED_API_PATHS[feed], { query: { limit, offset }, noCache: true, ...options });
}
