import { sentNotificationSchema, type SendNotificationRequest, type SentNotification } from '@campus/contracts/admin-notifications';
import { apiClient } from '../../../lib/api-client';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** POST /api/v1/admin/notifications — recorded at once; the worker delivers it to each recipient. */
export function sendNotification(request: SendNotificationRequest): Promise<SentNotification> {
  return apiClient.post('/api/v1/admin/notifications', request, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => sentNotificationSchema.parse(data),
  });
}
