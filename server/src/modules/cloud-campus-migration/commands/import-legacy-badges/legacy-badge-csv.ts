import { z } from 'zod';
import { fromTokyoWallClock } from '../../../../common/dates/tokyo-time.js';
import { CERTIFICATION_SLUGS, type CertificationSlug } from '../../../../contracts/catalogue-slugs.js';

/**
 * The Cloud Campus export the admin imports: one badge per line, three columns in this order:
 *
 *   email,course_slug,passed_at
 *   taro@example.com,line-ads-basic,2025-06-01
 *
 * The header line is optional (recognised by its first cell). `passed_at` is a date (YYYY-MM-DD, a day
 * in Japan time) or an ISO 8601 date-time with its offset. Fields may be quoted as in RFC 4180.
 */
export const LEGACY_BADGE_CSV_HEADER = ['email', 'course_slug', 'passed_at'] as const;

const HEADER_FIRST_CELLS = new Set(['email', 'e-mail', 'mail', 'メールアドレス']);

export interface LegacyBadgeRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  email: string;
  courseSlug: CertificationSlug;
  passedAt: Date;
}

export interface RejectedRow {
  line: number;
  /** Japanese, for the admin's report. */
  reason: string;
}

export interface ParsedLegacyBadgeCsv {
  rows: LegacyBadgeRow[];
  rejected: RejectedRow[];
  hasHeader: boolean;
}

interface RawRecord {
  line: number;
  cells: string[];
}

/** Splits CSV text into records, keeping the line each starts on (quoted cells may span lines). */
export function splitCsvRecords(text: string): RawRecord[] {
  const source = text.replace(/^\uFEFF/, '');
  const records: RawRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    // A blank line is not a record.
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `passed_at`; returns the problem in Japanese when it is not a usable date. */
function parsePassedAt(value: string, now: Date): Date | string {
  const dateOnly = DATE_ONLY.exec(value);
  let parsed: Date;
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number) as [number, number, number, number];
    // new Date() rolls 2025-02-30 over to March: compare the parts to refuse days that do not exist.
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
      return `合格日「${value}」は存在しない日付です`;
    }
    // A bare date is midnight in Tokyo.
    parsed = fromTokyoWallClock(calendar.getTime());
  } else if (z.iso.datetime({ offset: true }).safeParse(value).success) {
    parsed = new Date(value);
    if (Number.isNaN(parsed.getTime())) return `合格日「${value}」は存在しない日時です`;
  } else {
    return `合格日「${value}」は YYYY-MM-DD か ISO 8601 の日時（例: 2025-06-01T10:00:00+09:00）で書いてください`;
  }
  if (parsed.getTime() > now.getTime()) return `合格日「${value}」が未来の日付です`;
  return parsed;
}

/** One data row; `now` bounds the pass date. The messages name the column, for the admin's report. */
export function legacyBadgeRowSchema(now: Date) {
  return z.tuple(
    [
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: (issue) => `メールアドレス「${String(issue.input)}」の形式が正しくありません` })),
      z
        .string()
        .trim()
        .pipe(z.enum(CERTIFICATION_SLUGS, { error: (issue) => `コース「${String(issue.input)}」は認定コースのスラッグではありません（${CERTIFICATION_SLUGS.join(', ')}）` })),
      z
        .string()
        .trim()
        .transform((value, context) => {
          const result = parsePassedAt(value, now);
          if (typeof result === 'string') {
            context.addIssue({ code: 'custom', message: result });
            return z.NEVER;
          }
          return result;
        }),
    ],
    { error: '列の数が正しくありません（メールアドレス、コース、合格日の 3 列が必要です）' },
  );
}

const isHeader = (cells: string[]) => HEADER_FIRST_CELLS.has(cells[0]!.trim().toLowerCase());

/** Validates every row; a bad row is reported with its line and never stops the others. */
export function parseLegacyBadgeCsv(text: string, now: Date): ParsedLegacyBadgeCsv {
  const records = splitCsvRecords(text);
  const hasHeader = records.length > 0 && isHeader(records[0]!.cells);
  const schema = legacyBadgeRowSchema(now);
  const rows: LegacyBadgeRow[] = [];
  const rejected: RejectedRow[] = [];
  const firstLineOf = new Map<string, number>();

  for (const record of hasHeader ? records.slice(1) : records) {
    if (record.cells.length !== LEGACY_BADGE_CSV_HEADER.length) {
      rejected.push({
        line: record.line,
        reason: `列の数が ${record.cells.length} です（メールアドレス、コース、合格日の 3 列が必要です）`,
      });
      continue;
    }
    const parsed = schema.safeParse(record.cells);
    if (!parsed.success) {
      rejected.push({ line: record.line, reason: parsed.error.issues.map((issue) => issue.message).join('。') });
      continue;
    }
    const [email, courseSlug, passedAt] = parsed.data;
    const key = `${email}\n${courseSlug}`;
    const firstLine = firstLineOf.get(key);
    if (firstLine !== undefined) {
      // Two different pass dates for one badge: the file has to say which one is right.
      rejected.push({ line: record.line, reason: `${firstLine} 行目と同じメールアドレスとコースの組み合わせです` });
      continue;
    }
    firstLineOf.set(key, record.line);
    rows.push({ line: record.line, email, courseSlug, passedAt });
  }
  return { rows, rejected, hasHeader };
}
