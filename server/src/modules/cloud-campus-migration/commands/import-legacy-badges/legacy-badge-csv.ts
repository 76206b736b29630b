import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { CERTIFICATION_SLUGS, type CertificationSlug } from '../../../../contracts/catalogue-slugs.js';
import { fromTokyoWallClock } from '../../../../contracts/tokyo-date.js';

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

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * A file csv-parse cannot read (a quote left open, text after a closing quote): everything after the
 * fault is ambiguous, so nothing is imported and the admin is told where it is.
 */
export class MalformedCsvError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${line} 行目: ${reason}`);
  }
}

const QUOTE_REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: '引用符（"）が開いたままファイルが終わっています',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: '閉じた引用符（"）の後に文字があります（セル全体を "…" で囲み、中の " は "" と書いてください）',
  CSV_INVALID_CLOSING_QUOTE: '閉じた引用符（"）の後に文字があります（セル全体を "…" で囲み、中の " は "" と書いてください）',
};

/**
 * Splits CSV text into records (csv-parse, RFC 4180; any line ending; spaces around cells dropped;
 * a quote inside an unquoted cell is kept as text), keeping the line each starts on: quoted cells may
 * span lines, so the line is counted from the raw text, not from the parser's counter.
 */
export function splitCsvRecords(text: string): RawRecord[] {
  let parsed: { record: string[]; raw: string }[];
  try {
    parsed = parse(text, {
      bom: true,
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      ltrim: true,
      rtrim: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as { record: string[]; raw: string }[]; // `raw: true` wraps each record with its text
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new MalformedCsvError(Number(error.lines), QUOTE_REASONS[error.code] ?? `CSV として読めません（${error.message}）`);
  }
  const records: RawRecord[] = [];
  let line = 1;
  for (const { record, raw } of parsed) {
    // A blank line (spaces only) is not a record.
    if (record.length > 1 || record[0] !== '') records.push({ line, cells: record });
    line += raw.match(LINE_BREAK)?.length ?? 0;
  }
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
  let records: RawRecord[];
  try {
    records = splitCsvRecords(text);
  } catch (error) {
    if (!(error instanceof MalformedCsvError)) throw error;
    return { rows: [], rejected: [{ line: error.line, reason: error.reason }], hasHeader: false };
  }
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
