import { ADMIN_EVENT_PAGE_SIZE, adminEventPageSchema, type AdminEventPage } from '@campus/contracts/admin-events';
import { apiClient } from '../../../lib/api-client';
import type { EventFilters } from '../event-list';
import { ADMIN_PAGE_HANDLED_STATUSES } from '../../../lib/handled-statuses';

export interface AdminEventPageRequest {
  filters: EventFilters;
  /** The `nextBefore` of the previous page; null for the newest page. */
  before: number | null;
}

/** GET /api/v1/admin/events — one page of the event history, newest first, filtered by type and user. */
export function getAdminEvents({ filters, before }: AdminEventPageRequest, options: { signal?: AbortSignal } = {}): Promise<AdminEventPage> {
  return apiClient.get('/api/v1/admin/events', {
    query: {
      limit: ADMIN_EVENT_PAGE_SIZE,
      before: before ?? undefined,
      type: filters.type || undefined,
      userId: filters.userId || undefined,
    },
    noCache: true,
    skipStatuses: ADMIN_PAGE_HANDLED_STATUSES,
    parse: (data) => adminEventPageSchema.parse(data),
    ...options,
  });
}
