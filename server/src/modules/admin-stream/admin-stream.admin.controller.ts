import { Controller, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { AdminEventFeedQuery, AdminEventQuery } from '../../contracts/admin-events.js';
import { listAdminEvents, listAdminEventTypes, readAdminEventFeed } from '../../contracts/routes/admin-events.js';
import { ListAdminEventTypesQuery } from './queries/list-admin-event-types/list-admin-event-types.query.js';
import { ListAdminEventsQuery } from './queries/list-admin-events/list-admin-events.query.js';
import { ReadAdminEventFeedQuery } from './queries/read-admin-event-feed/read-admin-event-feed.query.js';

/** The admins' event stream: the history, and the live feed that follows it. */
@Controller()
export class AdminStreamAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(listAdminEvents)
  @Header('cache-control', 'no-store')
  list(@Query() filter: AdminEventQuery) {
    return this.queryBus.execute(new ListAdminEventsQuery(filter));
  }

  @Endpoint(readAdminEventFeed)
  @Header('cache-control', 'no-store')
  feed(@Query() request: AdminEventFeedQuery) {
    return this.queryBus.execute(new ReadAdminEventFeedQuery(request));
  }

  @Endpoint(listAdminEventTypes)
  @Header('cache-control', 'no-store')
  types() {
    return this.queryBus.execute(new ListAdminEventTypesQuery());
  }
}
