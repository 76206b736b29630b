import { adminAnnouncementSchema, type AdminAnnouncement } from '@campus/contracts/announcements';
import { apiClient } from '../../../lib/api-client';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';
import { announcementPath } from './get-announcement';

/** POST /api/v1/admin/announcements/{announcementId}/unpublish — learners no longer see it. */
export function unpublishAnnouncement(announcementId: string): Promise<AdminAnnouncement> {
  return apiClient.post(`${announcementPath(announcementId)}/unpublish`, undefined, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => adminAnnouncementSchema.parse(data),
  });
}
