import { adminAnnouncementSchema, type AdminAnnouncement } from '@campus/contracts/announcements';
import { getAdminAnnouncement } from '@campus/contracts/routes/admin-announcements';
import { callApi } from '../../../lib/call-api';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** One announcement, whatever its state. */
export function getAnnouncement(announcementId: string): Promise<AdminAnnouncement> {
  return callApi(getAdminAnnouncement, { params: { announcementId } }, {
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => adminAnnouncementSchema.parse(data),
  });
}
