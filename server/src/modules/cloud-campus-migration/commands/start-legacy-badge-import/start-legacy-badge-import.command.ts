import { Command } from '@nestjs/cqrs';
import type { LegacyBadgeImport, StartLegacyBadgeImportRequest } from '../../../../contracts/legacy-badge-imports.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin hands over a Cloud Campus CSV; the worker imports it and reports its progress. */
export class StartLegacyBadgeImportCommand extends Command<LegacyBadgeImport> {
  constructor(
    readonly adminId: string,
    readonly request: StartLegacyBadgeImportRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
