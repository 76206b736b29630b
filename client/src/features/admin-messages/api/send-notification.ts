import { sentNotificationSchema, type SendNotificationRequest, type SentNotification } from '@campus/contracts/admin-notifications';
import { sendNotification as sendNotificationRoute } from '@campus/contracts/routes/admin-messages';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** Recorded at once; the worker delivers it to each recipient. */
export function sendNotification(request: SendNotificationRequest): Promise<SentNotification> {
  return callApi(sendNotificationRoute, { body: request }, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => sentNotificationSchema.parse(data),
  });
}
