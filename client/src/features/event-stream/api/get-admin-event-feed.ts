import { ADMIN_EVENT_FEED_PAGE_SIZE, adminEventFeedSchema, type AdminEventFeed } from '@campus/contracts/admin-events';
import { readAdminEventFeed } from '@campus/contracts/routes/admin-events';
import { callApi } from '../../../lib/call-api';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

/**
 * The events committed after `after` (the history page's `feedCursor`, then each answer's `cursor`),
 * in commit order: the live stream's content, read from the server's table.
 */
export function getAdminEventFeed(after: string, options: { signal?: AbortSignal } = {}): Promise<AdminEventFeed> {
  return callApi(readAdminEventFeed, { query: { after, limit: ADMIN_EVENT_FEED_PAGE_SIZE } }, {
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => adminEventFeedSchema.parse(data),
    ...options,
  });
}
