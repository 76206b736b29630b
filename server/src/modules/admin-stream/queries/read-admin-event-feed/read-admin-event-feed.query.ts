import { Query } from '@nestjs/cqrs';
import type { AdminEventFeed, AdminEventFeedQuery } from '../../../../contracts/admin-events.js';

/** The events committed after a feed cursor, for an admin console following the log live. */
export class ReadAdminEventFeedQuery extends Query<AdminEventFeed> {
  constructor(readonly request: AdminEventFeedQuery) {
    super();
  }
}
