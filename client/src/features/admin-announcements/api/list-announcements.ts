import { adminAnnouncementPageSchema, type AdminAnnouncementPage } from '@campus/contracts/announcements';
import { FEED_PAGE_SIZE } from '@campus/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** GET /api/v1/admin/announcements — scheduled, live and withdrawn ones, newest publication first. */
export function listAnnouncements({ offset, limit = FEED_PAGE_SIZE }: { offset: number; limit?: number }): Promise<AdminAnnouncementPage> {
  return apiClient.get('/api/v1/admin/announcements', {
    query: { limit, offset },
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => adminAnnouncementPageSchema.parse(data),
  });
}
