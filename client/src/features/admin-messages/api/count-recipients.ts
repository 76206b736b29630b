import { recipientCountSchema, type RecipientCount, type RecipientCountQuery } from '@campus/contracts/admin-notifications';
import { apiClient } from '../../../lib/api-client';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** GET /api/v1/admin/notifications/recipients — how many learners of the group a message would reach now. */
export function countRecipients({ segment, courseSlug }: RecipientCountQuery): Promise<RecipientCount> {
  return apiClient.get('/api/v1/admin/notifications/recipients', {
    query: { segment, courseSlug },
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => recipientCountSchema.parse(data),
  });
}
