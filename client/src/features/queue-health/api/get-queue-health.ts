import { queueHealthSchema, type QueueHealth } from '@campus/contracts/queue-health';
import { getQueueHealth as queueHealthRoute } from '@campus/contracts/routes/queue-health';
import { callApi } from '../../../lib/call-api';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

/** Job counts and workers per queue, and the events the outbox has not relayed yet. */
export function getQueueHealth(options: { signal?: AbortSignal } = {}): Promise<QueueHealth> {
  return callApi(queueHealthRoute, {}, {
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => queueHealthSchema.parse(data),
    ...options,
  });
}
