import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { adminEventQuerySchema, type AdminEventQuery } from '../../contracts/admin-events.js';
import { ListAdminEventTypesQuery } from './queries/list-admin-event-types/list-admin-event-types.query.js';
import { ListAdminEventsQuery } from './queries/list-admin-events/list-admin-events.query.js';

/** The event history behind the admins' live stream. */
@Controller('v1/admin/events')
@Access('admin')
export class AdminStreamAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Header('cache-control', 'no-store')
  list(@Query(new ZodValidationPipe(adminEventQuerySchema, 'query')) filter: AdminEventQuery) {
    return this.queryBus.execute(new ListAdminEventsQuery(filter));
  }

  @Get('types')
  @Header('cache-control', 'no-store')
  types() {
    return this.queryBus.execute(new ListAdminEventTypesQuery());
  }
}
