import { adminAnnouncementPageSchema, type AdminAnnouncementPage } from '@campus/contracts/announcements';
import { FEED_PAGE_SIZE } from '@campus/contracts/notifications';
import { listAdminAnnouncements } from '@campus/contracts/routes/admin-announcements';
import { callApi } from '../../../lib/call-api';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** Scheduled, live and withdrawn ones, newest publication first. */
export function listAnnouncements({ offset, limit = FEED_PAGE_SIZE }: { offset: number; limit?: number }): Promise<AdminAnnouncementPage> {
  return callApi(listAdminAnnouncements, { query: { limit, offset } }, {
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => adminAnnouncementPageSchema.parse(data),
  });
}
