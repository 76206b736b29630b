import { Query } from '@nestjs/cqrs';
import type { AdminEventPage, AdminEventQuery } from '../../../../contracts/admin-events.js';

/** The event log for admins, newest first, one page before a `seq`, optionally of one type or one learner. */
export class ListAdminEventsQuery extends Query<AdminEventPage> {
  constructor(readonly filter: AdminEventQuery) {
    super();
  }
}
