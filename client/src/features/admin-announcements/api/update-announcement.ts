import { adminAnnouncementSchema, type AdminAnnouncement, type UpdateAnnouncementRequest } from '@campus/contracts/announcements';
import { apiClient } from '../../../lib/api-client';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';
import { announcementPath } from './get-announcement';

/** PUT /api/v1/admin/announcements/{announcementId} — new title, body and link; a new date while still scheduled. */
export function updateAnnouncement(announcementId: string, request: UpdateAnnouncementRequest): Promise<AdminAnnouncement> {
  return apiClient.put(announcementPath(announcementId), request, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => adminAnnouncementSchema.parse(data),
  });
}
