import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { FeedItem } from '@campus/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';
import { FEED_API_PATHS } from './feed-paths';

/** GET /api/v1/announcements/{id} or /api/v1/notifications/{id} — one item; the server marks it read. */
export function getFeedItem(feed: FeedCategory, id: string, options: ReadOptions = {}): Promise<FeedItem> {
  return apiClient.get<FeedItem>(`${FEED_API_PATHS[feed]}${encodeURIComponent(id)}`, { noCache: true, ...options });
}
