import { z } from 'zod';

/**
 * About 15,000 rows, and inside the API's 1 MB body limit once wrapped in JSON. Larger files are split,
 * or go through the command line (`npm run legacy-badges:import`).
 */
export const LEGACY_CSV_MAX_CHARS = 800_000;

export const startLegacyBadgeImportRequestSchema = z
  .strictObject({
    fileName: z.string('fileName を指定してください').trim().min(1, 'fileName を指定してください').max(255, 'fileName は 255 文字以内で指定してください'),
    csv: z.string('csv を指定してください').min(1, 'CSV ファイルが空です').max(LEGACY_CSV_MAX_CHARS, 'CSV ファイルは 800KB 以内にしてください（大きなファイルは分けて取り込んでください）'),
  })
  .meta({ id: 'StartLegacyBadgeImportRequest' });

export const legacyBadgeImportSchema = z
  .object({
    importId: z.string(),
    fileName: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    totalRows: z.number().int(),
    processedRows: z.number().int(),
    importedCount: z.number().int(),
    unchangedCount: z.number().int(),
    /** Every row that was not imported, with its line number in the file and why. */
    rejectedRows: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    requestedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'LegacyBadgeImport' });

/** An import without its rejected rows (which may be thousands): list items and progress pushes. */
export const legacyBadgeImportSummarySchema = legacyBadgeImportSchema.omit({ rejectedRows: true }).extend({ rejectedCount: z.number().int() }).meta({ id: 'LegacyBadgeImportSummary' });

export const legacyBadgeImportListSchema = z.object({ items: z.array(legacyBadgeImportSummarySchema) }).meta({ id: 'LegacyBadgeImportList' });

export type StartLegacyBadgeImportRequest = z.infer<typeof startLegacyBadgeImportRequestSchema>;
export type LegacyBadgeImport = z.infer<typeof legacyBadgeImportSchema>;
export type LegacyBadgeImportSummary = z.infer<typeof legacyBadgeImportSummarySchema>;
export type LegacyBadgeImportList = z.infer<typeof legacyBadgeImportListSchema>;
