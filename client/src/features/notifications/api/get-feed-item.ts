import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { FeedItem } from '@campus/contracts/notifications';
import { getAnnouncement, getNotification } from '@campus/contracts/routes/notifications';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** One announcement or notification; the server marks it read. */
export function getFeedItem(feed: FeedCategory, id: string, options: ReadOptions = {}): Promise<FeedItem> {
  const read = { noCache: true, ...options };
  return feed === 'general' ? callApi(getAnnouncement, { params: { announcementId: id } }, read) : callApi(getNotification, { params: { notificationId: id } }, read);
}
