import { ADMIN_EVENT_PAGE_SIZE, adminEventPageSchema, type AdminEventPage } from '@campus/contracts/admin-events';
import { listAdminEvents } from '@campus/contracts/routes/admin-events';
import { callApi } from '../../../lib/call-api';
import type { EventFilters } from '../event-list';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

export interface AdminEventPageRequest {
  filters: EventFilters;
  /** The `nextBefore` of the previous page; null for the newest page. */
  before: number | null;
}

/** One page of the event history, newest first, filtered by type and user. */
export function getAdminEvents({ filters, before }: AdminEventPageRequest, options: { signal?: AbortSignal } = {}): Promise<AdminEventPage> {
  const query = { limit: ADMIN_EVENT_PAGE_SIZE, before: before ?? undefined, type: filters.type || undefined, userId: filters.userId || undefined };
  return callApi(listAdminEvents, { query }, {
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => adminEventPageSchema.parse(data),
    ...options,
  });
}
