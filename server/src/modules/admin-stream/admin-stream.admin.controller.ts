import { Controller, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { AdminEventQuery } from '../../contracts/admin-events.js';
import { listAdminEvents, listAdminEventTypes } from '../../contracts/routes/admin-events.js';
import { ListAdminEventTypesQuery } from './queries/list-admin-event-types/list-admin-event-types.query.js';
import { ListAdminEventsQuery } from './queries/list-admin-events/list-admin-events.query.js';

/** The event history behind the admins' live stream. */
@Controller()
export class AdminStreamAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(listAdminEvents)
  @Header('cache-control', 'no-store')
  list(@Query() filter: AdminEventQuery) {
    return this.queryBus.execute(new ListAdminEventsQuery(filter));
  }

  @Endpoint(listAdminEventTypes)
  @Header('cache-control', 'no-store')
  types() {
    return this.queryBus.execute(new ListAdminEventTypesQuery());
  }
}
