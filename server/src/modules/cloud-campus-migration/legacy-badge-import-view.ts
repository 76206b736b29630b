import { getTableColumns } from 'drizzle-orm';
import type { LegacyBadgeImport, LegacyBadgeImportSummary } from '../../contracts/legacy-badge-imports.js';
import { legacyBadgeImports } from './cloud-campus-migration.schema.js';

/**
 * Everything but the CSV, which can be large and is only read by the worker. Rows refused for the file
 * as a whole (nothing to import, an import that kept failing) are reported on line 0.
 */
const { csv: _csv, ...viewColumns } = getTableColumns(legacyBadgeImports);
export const legacyBadgeImportColumns = viewColumns;
/** Without the refused rows too (there may be thousands): list items and progress pushes count them instead. */
const { rejectedRows: _rejectedRows, ...summaryColumns } = viewColumns;
export const legacyBadgeImportSummaryColumns = summaryColumns;

export type LegacyBadgeImportRow = Omit<typeof legacyBadgeImports.$inferSelect, 'csv'>;

const summaryOf = (row: Omit<LegacyBadgeImportRow, 'rejectedRows'>) => ({
  importId: row.id,
  fileName: row.fileName,
  status: row.status,
  totalRows: row.totalRows,
  processedRows: row.processedRows,
  importedCount: row.importedCount,
  unchangedCount: row.unchangedCount,
  requestedAt: row.requestedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export const legacyBadgeImportView = (row: LegacyBadgeImportRow): LegacyBadgeImport => ({ ...summaryOf(row), rejectedRows: row.rejectedRows });

export const legacyBadgeImportSummary = (row: Omit<LegacyBadgeImportRow, 'rejectedRows'> & { rejectedCount: number }): LegacyBadgeImportSummary => ({
  ...summaryOf(row),
  rejectedCount: Number(row.rejectedCount),
});
