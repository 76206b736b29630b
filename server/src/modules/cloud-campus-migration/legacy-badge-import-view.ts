import { getTableColumns } from 'drizzle-orm';
import type { LegacyBadgeImport, LegacyBadgeImportList } from '../../contracts/legacy-badge-imports.js';
import { legacyBadgeImports } from '../../database/schema.js';

/**
 * Everything but the CSV, which can be large and is only read by the worker. Rows refused for the file
 * as a whole (nothing to import, an import that kept failing) are reported on line 0.
 */
const { csv: _csv, ...viewColumns } = getTableColumns(legacyBadgeImports);
export const legacyBadgeImportColumns = viewColumns;

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

export const legacyBadgeImportListItem = (row: Omit<LegacyBadgeImportRow, 'rejectedRows'> & { rejectedCount: number }): LegacyBadgeImportList['items'][number] => ({
  ...summaryOf(row),
  rejectedCount: Number(row.rejectedCount),
});
