import { NETWORK_ERROR_STATUS } from './api-client';

/**
 * Failures an admin monitoring page (events, queues, analytics) shows itself, next to the list
 * with a retry or next to the input that was wrong: no popup for them. A 401 still gets the
 * default handling (the login popup).
 */
export const ADMIN_PAGE_HANDLED_STATUSES: readonly number[] = [NETWORK_ERROR_STATUS, 400, 403, 404, 500, 502, 503, 504];
