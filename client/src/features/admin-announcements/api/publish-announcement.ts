import { publishedAnnouncementSchema, type PublishAnnouncementRequest, type PublishedAnnouncement } from '@campus/contracts/announcements';
import { apiClient } from '../../../lib/api-client';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** POST /api/v1/admin/announcements — publishes now, or at `publishAt`. */
export function publishAnnouncement(request: PublishAnnouncementRequest): Promise<PublishedAnnouncement> {
  return apiClient.post('/api/v1/admin/announcements', request, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => publishedAnnouncementSchema.parse(data),
  });
}
