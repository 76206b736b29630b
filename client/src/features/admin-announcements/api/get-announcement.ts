import { adminAnnouncementSchema, type AdminAnnouncement } from '@campus/contracts/announcements';
import { apiClient } from '../../../lib/api-client';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

export const announcementPath = (announcementId: string) => `/api/v1/admin/announcements/${encodeURIComponent(announcementId)}`;

/** GET /api/v1/admin/announcements/{announcementId} — one announcement, whatever its state. */
export function getAnnouncement(announcementId: string): Promise<AdminAnnouncement> {
  return apiClient.get(announcementPath(announcementId), {
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => adminAnnouncementSchema.parse(data),
  });
}
