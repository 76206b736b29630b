import { Command } from '@nestjs/cqrs';
import type { MigrationResult } from '../../../../contracts/certificates.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** Carries the learner's Cloud Campus records (matched on the verified e-mail) over as badges. */
export class MigrateFromCloudCampusCommand extends Command<MigrationResult> {
  constructor(
    readonly userId: string,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
