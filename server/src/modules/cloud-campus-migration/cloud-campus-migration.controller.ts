import { Controller, Header } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { MigrationResult } from '../../contracts/certificates.js';
import { migrateFromCloudCampus } from '../../contracts/routes/agreements.js';
import type { EventMeta } from '../../database/event-store.js';
import { MigrateFromCloudCampusCommand } from './commands/migrate-from-cloud-campus/migrate-from-cloud-campus.command.js';

/** Login only: the migration happens in the agreement popup, before the agreements are accepted. */
@Controller()
export class CloudCampusMigrationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Endpoint(migrateFromCloudCampus)
  @Header('cache-control', 'no-store')
  migrate(@CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta): Promise<MigrationResult> {
    return this.commandBus.execute(new MigrateFromCloudCampusCommand(user.id, meta));
  }
}
