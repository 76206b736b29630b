import { NETWORK_ERROR_STATUS } from '../../../lib/api-client';

/**
 * Failures the queue page shows itself, with a retry (and the health refreshes every 5 s anyway):
 * no popup for them. A 401 still gets the default handling (the login popup).
 */
export const QUEUE_PAGE_HANDLED_STATUSES: readonly number[] = [NETWORK_ERROR_STATUS, 400, 403, 404, 500, 502, 503, 504];

export const queuePath = (queueName: string) => `/api/v1/admin/queues/${encodeURIComponent(queueName)}`;
