import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { LegacyBadgeImport } from '../../../../contracts/legacy-badge-imports.js';
import { EventStore } from '../../../../database/event-store.js';
import { legacyBadgeImports } from '../../cloud-campus-migration.schema.js';
import { LEGACY_BADGE_IMPORT_STREAM, LegacyBadgeImportRequested } from '../../events.js';
import { legacyBadgeImportColumns, legacyBadgeImportView } from '../../legacy-badge-import-view.js';
import { StartLegacyBadgeImportCommand } from './start-legacy-badge-import.command.js';

/** Queues the import: the row keeps the CSV, the event wakes the worker through the outbox. */
@CommandHandler(StartLegacyBadgeImportCommand)
export class StartLegacyBadgeImportHandler implements ICommandHandler<StartLegacyBadgeImportCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ adminId, request, meta }: StartLegacyBadgeImportCommand): Promise<LegacyBadgeImport> {
    const importId = randomUUID();
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const [row] = await tx
        .insert(legacyBadgeImports)
        .values({ id: importId, fileName: request.fileName, csv: request.csv, status: 'queued', requestedBy: adminId, requestedAt: new Date() })
        .returning(legacyBadgeImportColumns);
      await append({ streamType: LEGACY_BADGE_IMPORT_STREAM, streamId: importId, expectedVersion: 0 }, [
        new LegacyBadgeImportRequested({ importId, fileName: request.fileName, requestedBy: adminId }),
      ]);
      return legacyBadgeImportView(row!);
    });
  }
}
