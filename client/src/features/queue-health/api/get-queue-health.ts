import { queueHealthSchema, type QueueHealth } from '@campus/contracts/queue-health';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

/** GET /api/v1/admin/queues — job counts and workers per queue, and the events the outbox has not relayed yet. */
export function getQueueHealth(options: { signal?: AbortSignal } = {}): Promise<QueueHealth> {
  return apiClient.get('/api/v1/admin/queues', {
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => queueHealthSchema.parse(data),
    ...options,
  });
}
