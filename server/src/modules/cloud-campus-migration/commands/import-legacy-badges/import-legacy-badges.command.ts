import { Command } from '@nestjs/cqrs';
import type { EventMeta } from '../../../../database/event-store.js';
import type { RejectedRow } from './legacy-badge-csv.js';

export interface LegacyBadgesImportReport {
  /** Rows written: new records, or records whose pass date changed. */
  imported: number;
  /** Rows already recorded as they are (or already carried over to a learner). */
  unchanged: number;
  rejected: RejectedRow[];
  /** Existing learners whose verified e-mail matched: they are now offered the migration. */
  offeredUsers: number;
}

/** Admin CLI: records the Cloud Campus badges of a CSV export (see legacy-badge-csv.ts for the format). */
export class ImportLegacyBadgesCommand extends Command<LegacyBadgesImportReport> {
  constructor(
    readonly csv: string,
    /** Where the rows came from (the file name), kept in the event. */
    readonly source: string,
    readonly meta: EventMeta,
    readonly onProgress?: (done: number, total: number) => void,
  ) {
    super();
  }
}
