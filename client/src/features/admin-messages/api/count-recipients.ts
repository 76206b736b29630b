import { recipientCountSchema, type RecipientCount, type RecipientCountQuery } from '@campus/contracts/admin-notifications';
import { countRecipients as countRecipientsRoute } from '@campus/contracts/routes/admin-messages';
import { callApi } from '../../../lib/call-api';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** How many learners of the group a message would reach now. */
export function countRecipients({ segment, courseSlug }: RecipientCountQuery): Promise<RecipientCount> {
  return callApi(countRecipientsRoute, { query: { segment, courseSlug } }, {
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => recipientCountSchema.parse(data),
  });
}
