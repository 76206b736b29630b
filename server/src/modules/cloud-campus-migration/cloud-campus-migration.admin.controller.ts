import { Body, Controller, Get, Header, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { startLegacyBadgeImportRequestSchema, type StartLegacyBadgeImportRequest } from '../../contracts/legacy-badge-imports.js';
import type { EventMeta } from '../../database/event-store.js';
import { StartLegacyBadgeImportCommand } from './commands/start-legacy-badge-import/start-legacy-badge-import.command.js';
import { GetLegacyBadgeImportQuery } from './queries/get-legacy-badge-import/get-legacy-badge-import.query.js';
import { ListLegacyBadgeImportsQuery } from './queries/list-legacy-badge-imports/list-legacy-badge-imports.query.js';

/** Admins import Cloud Campus CSV exports from the browser; the worker runs them (the CLI does the same in place). */
@Controller('v1/admin/legacy-badge-imports')
@Access('admin')
export class CloudCampusMigrationAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post()
  start(
    @Body(new ZodValidationPipe(startLegacyBadgeImportRequestSchema, 'body')) body: StartLegacyBadgeImportRequest,
    @CurrentUser() admin: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new StartLegacyBadgeImportCommand(admin.id, body, meta));
  }

  @Get()
  @Header('cache-control', 'no-store')
  list() {
    return this.queryBus.execute(new ListLegacyBadgeImportsQuery());
  }

  @Get(':importId')
  @Header('cache-control', 'no-store')
  one(@Param('importId') importId: string) {
    return this.queryBus.execute(new GetLegacyBadgeImportQuery(importId));
  }
}
