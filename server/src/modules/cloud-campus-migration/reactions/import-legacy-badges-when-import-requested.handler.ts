import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { legacyBadgeImports } from '../cloud-campus-migration.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { RealtimePublisher } from '../../../realtime/realtime-publisher.js';
import { ImportLegacyBadgesCommand } from '../commands/import-legacy-badges/import-legacy-badges.command.js';
import { ImportLegacyBadgesHandler } from '../commands/import-legacy-badges/import-legacy-badges.handler.js';
import { LEGACY_BADGE_CSV_HEADER, parseLegacyBadgeCsv } from '../commands/import-legacy-badges/legacy-badge-csv.js';
import type { LegacyBadgeImportRequested } from '../events.js';
import { legacyBadgeImportSummary, legacyBadgeImportSummaryColumns } from '../legacy-badge-import-view.js';
import { importProgressPace } from './import-progress-pace.js';

type ImportChanges = Partial<Omit<typeof legacyBadgeImports.$inferInsert, 'id'>>;

/** The CSV holds learners' e-mail addresses: personal data not kept once the import is over (the column is NOT NULL). */
const CSV_CLEARED = { csv: '' };

const NOTHING_TO_IMPORT = `取り込める行がありません（${LEGACY_BADGE_CSV_HEADER.join(',')} の 3 列の CSV か確かめてください）`;
const KEPT_FAILING = '取り込み中にエラーが発生し、やり直しても完了しませんでした。もう一度取り込んでください';

/**
 * Runs an import an admin started over HTTP, reporting its progress in its row and to the admins'
 * sockets (`admin.importProgress`). A finished import is left alone; one left `running` by a worker that
 * died starts over, which is safe because the import itself changes nothing the second time.
 *
 * Totals count every data row of the file: refused rows are done as soon as the file is read, so
 * `processedRows` reaches `totalRows` when the last valid row has been written. The refused rows are
 * written when the file is read and when it ends; a tick writes only the processed count, and the
 * pushes carry the refused count kept here.
 */
@Injectable()
@JobHandler('import-legacy-badges-when-import-requested')
export class ImportLegacyBadgesWhenImportRequestedHandler implements HandlesJob<StoredEvent> {
  private readonly logger = new Logger(ImportLegacyBadgesWhenImportRequestedHandler.name);

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly importer: ImportLegacyBadgesHandler,
    private readonly realtime: RealtimePublisher,
  ) {}

  async handle(event: StoredEvent, job: Pick<Job, 'attemptsMade' | 'opts'>): Promise<void> {
    const { importId, fileName } = event.data as LegacyBadgeImportRequested['data'];
    const [queued] = await this.connection.db
      .select({ status: legacyBadgeImports.status, csv: legacyBadgeImports.csv })
      .from(legacyBadgeImports)
      .where(eq(legacyBadgeImports.id, importId));
    if (!queued || queued.status === 'done' || queued.status === 'failed') return;

    // Read first for the totals, and to refuse a file with nothing to import before it leaves a trace.
    const { rows, rejected } = parseLegacyBadgeCsv(queued.csv, new Date());
    const totalRows = rows.length + rejected.length;
    if (rows.length === 0) {
      const rejectedRows = rejected.length > 0 ? rejected : [{ line: 0, reason: NOTHING_TO_IMPORT }];
      await this.record(importId, { status: 'failed', totalRows, processedRows: totalRows, rejectedRows, finishedAt: new Date(), ...CSV_CLEARED }, rejectedRows.length);
      return;
    }
    await this.record(importId, { status: 'running', totalRows, processedRows: rejected.length, importedCount: 0, unchangedCount: 0, rejectedRows: rejected, finishedAt: null }, rejected.length);

    const pace = importProgressPace(Date.now());
    let reporting = Promise.resolve();
    const onProgress = (done: number, total: number) => {
      if (!pace.isDue(done, total, Date.now())) return;
      // In order, one at a time; a lost progress report must not fail the import.
      reporting = reporting
        .then(() => this.record(importId, { processedRows: rejected.length + done }, rejected.length))
        .catch((error: unknown) => this.logger.warn({ err: error, importId }, 'import progress not recorded'));
    };
    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    try {
      const report = await this.importer.execute(new ImportLegacyBadgesCommand(queued.csv, fileName, meta, onProgress));
      await reporting;
      const finalTotal = report.imported + report.unchanged + report.rejected.length;
      await this.record(
        importId,
        {
          status: 'done',
          totalRows: finalTotal,
          processedRows: finalTotal,
          importedCount: report.imported,
          unchangedCount: report.unchanged,
          rejectedRows: report.rejected,
          finishedAt: new Date(),
          ...CSV_CLEARED,
        },
        report.rejected.length,
      );
    } catch (error) {
      await reporting;
      // BullMQ tries again (with the CSV still there); only the last attempt tells the admin it is over.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        const rejectedRows = [...rejected, { line: 0, reason: KEPT_FAILING }];
        await this.record(importId, { status: 'failed', rejectedRows, finishedAt: new Date(), ...CSV_CLEARED }, rejectedRows.length);
      }
      throw error;
    }
  }

  /** Writes the import's row and tells the admins where it stands; `rejectedCount` is what the row's refused rows number. */
  private async record(importId: string, changes: ImportChanges, rejectedCount: number): Promise<void> {
    const [row] = await this.connection.db.update(legacyBadgeImports).set(changes).where(eq(legacyBadgeImports.id, importId)).returning(legacyBadgeImportSummaryColumns);
    if (row) this.realtime.toAdmins().emit('admin.importProgress', legacyBadgeImportSummary({ ...row, rejectedCount }));
  }
}
