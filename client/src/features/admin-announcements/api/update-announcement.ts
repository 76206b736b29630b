import { adminAnnouncementSchema, type AdminAnnouncement, type UpdateAnnouncementRequest } from '@campus/contracts/announcements';
import { updateAnnouncement as updateAnnouncementRoute } from '@campus/contracts/routes/admin-announcements';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** New title, body and link; a new date while still scheduled. */
export function updateAnnouncement(announcementId: string, request: UpdateAnnouncementRequest): Promise<AdminAnnouncement> {
  return callApi(updateAnnouncementRoute, { params: { announcementId }, body: request }, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => adminAnnouncementSchema.parse(data),
  });
}
