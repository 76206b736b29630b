import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import { FEED_PAGE_SIZE, type FeedPage } from '@campus/contracts/notifications';
import { listAnnouncements, listNotifications } from '@campus/contracts/routes/notifications';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** One page of the feed (announcements or the learner's notifications), newest first, with the total. */
export function getFeedPage(
  feed: FeedCategory,
  { limit = FEED_PAGE_SIZE, offset = 0 }: { limit?: number; offset?: number },
  options: ReadOptions = {},
): Promise<FeedPage> {
  // Read flags change with every visit and every push: never an HTTP-cached copy.
  return callApi(feed === 'general' ? listAnnouncements : listNotifications, { query: { limit, offset } }, { noCache: true, ...options });
}
