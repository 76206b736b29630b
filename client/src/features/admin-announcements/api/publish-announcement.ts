import { publishedAnnouncementSchema, type PublishAnnouncementRequest, type PublishedAnnouncement } from '@campus/contracts/announcements';
import { publishAnnouncement as publishAnnouncementRoute } from '@campus/contracts/routes/admin-announcements';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** Publishes now, or at `publishAt`. */
export function publishAnnouncement(request: PublishAnnouncementRequest): Promise<PublishedAnnouncement> {
  return callApi(publishAnnouncementRoute, { body: request }, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => publishedAnnouncementSchema.parse(data),
  });
}
