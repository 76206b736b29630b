import { startLegacyBadgeImportRequestSchema } from '@campus/contracts/legacy-badge-imports';

/**
 * The Cloud Campus export's columns, in order (the server's LEGACY_BADGE_CSV_HEADER). The header line
 * is optional; 合格日 is a date in Japan time (YYYY-MM-DD) or an ISO 8601 date-time with its offset.
 */
export const LEGACY_CSV_COLUMNS = 'email,course_slug,passed_at';
export const LEGACY_CSV_COLUMN_MEANINGS = 'メールアドレス,コーススラッグ,合格日';
export const LEGACY_CSV_EXAMPLE = `${LEGACY_CSV_COLUMNS}\ntaro@example.com,line-ads-basic,2025-06-01`;

/** The contract's checks, before anything is sent: the API's own message for an empty or too large file. */
export function csvProblemOf(fileName: string, csv: string): string | null {
  const result = startLegacyBadgeImportRequestSchema.safeParse({ fileName, csv });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
