import { Body, Controller, Header, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { StartLegacyBadgeImportRequest } from '../../contracts/legacy-badge-imports.js';
import { getLegacyBadgeImport, listLegacyBadgeImports, startLegacyBadgeImport } from '../../contracts/routes/legacy-badge-imports.js';
import type { EventMeta } from '../../database/event-store.js';
import { StartLegacyBadgeImportCommand } from './commands/start-legacy-badge-import/start-legacy-badge-import.command.js';
import { GetLegacyBadgeImportQuery } from './queries/get-legacy-badge-import/get-legacy-badge-import.query.js';
import { ListLegacyBadgeImportsQuery } from './queries/list-legacy-badge-imports/list-legacy-badge-imports.query.js';

/** Admins import Cloud Campus CSV exports from the browser; the worker runs them (the CLI does the same in place). */
@Controller()
export class CloudCampusMigrationAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(startLegacyBadgeImport)
  start(@Body() body: StartLegacyBadgeImportRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new StartLegacyBadgeImportCommand(admin.id, body, meta));
  }

  @Endpoint(listLegacyBadgeImports)
  @Header('cache-control', 'no-store')
  list() {
    return this.queryBus.execute(new ListLegacyBadgeImportsQuery());
  }

  @Endpoint(getLegacyBadgeImport)
  @Header('cache-control', 'no-store')
  one(@Param('importId') importId: string) {
    return this.queryBus.execute(new GetLegacyBadgeImportQuery(importId));
  }
}
