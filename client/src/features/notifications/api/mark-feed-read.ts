import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { MarkedRead } from '@campus/contracts/notifications';
import { markAnnouncementsRead, markNotificationsRead } from '@campus/contracts/routes/notifications';
import { callApi } from '../../../lib/call-api';

/**
 * Every item of the feed becomes read for the learner. Failures get the default handling (spec §8
 * popups).
 */
export function markFeedRead(feed: FeedCategory): Promise<MarkedRead> {
  return callApi(feed === 'general' ? markAnnouncementsRead : markNotificationsRead, {});
}
