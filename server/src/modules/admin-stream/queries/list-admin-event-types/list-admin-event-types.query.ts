import { Query } from '@nestjs/cqrs';
import type { AdminEventTypes } from '../../../../contracts/admin-events.js';

/** Every event type recorded so far, for the history's filter. */
export class ListAdminEventTypesQuery extends Query<AdminEventTypes> {}
