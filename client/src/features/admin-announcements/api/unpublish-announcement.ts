import { adminAnnouncementSchema, type AdminAnnouncement } from '@campus/contracts/announcements';
import { unpublishAnnouncement as unpublishAnnouncementRoute } from '@campus/contracts/routes/admin-announcements';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** Learners no longer see it. */
export function unpublishAnnouncement(announcementId: string): Promise<AdminAnnouncement> {
  return callApi(unpublishAnnouncementRoute, { params: { announcementId } }, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => adminAnnouncementSchema.parse(data),
  });
}
