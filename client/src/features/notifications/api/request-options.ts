import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { RequestOptions } from '../../../lib/api-client';

/** What a feed call lets its caller decide: loaders pass their abort signal and `skipStatuses: 'all'`. */
export type FeedRequestOptions = Pick<RequestOptions, 'signal' | 'skipStatuses'>;

/** general → the public announcements, personal → the learner's notifications (spec §7). */
export const FEED_API_PATHS: Record<FeedCategory, string> = {
  general: '/api/v1/announcements/',
  personal: '/api/v1/notifications/',
};
