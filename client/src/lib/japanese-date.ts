/*
 * The campus counts days, times and the admin's date inputs in Japan time, whatever the browser's
 * zone. Japan has had no daylight saving time since 1951, so the offset is always +09:00: the
 * fields are read from the instant moved by nine hours, in UTC. (An Intl formatter for Asia/Tokyo
 * would load the browser's time zone data first: a long task of its own on a slow phone.)
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

interface TokyoFields {
  year: number;
  month: number;
  day: number;
  hour: string;
  minute: string;
  second: string;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The instant's calendar and clock fields in Japan; null when it is not a date. */
function tokyoFieldsOf(value: string | Date): TokyoFields | null {
  const time = (typeof value === 'string' ? new Date(value) : value).getTime();
  if (Number.isNaN(time)) return null;
  const shifted = new Date(time + TOKYO_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: twoDigits(shifted.getUTCHours()),
    minute: twoDigits(shifted.getUTCMinutes()),
    second: twoDigits(shifted.getUTCSeconds()),
  };
}

const isoDayOf = ({ year, month, day }: TokyoFields) => `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;

/** The year and month (1–12) of an instant in Japan; null when it is not a date. */
export function japanYearMonthOf(value: string | Date): { year: number; month: number } | null {
  const fields = tokyoFieldsOf(value);
  return fields ? { year: fields.year, month: fields.month } : null;
}

/** An instant as the learner's calendar date in Japan: 2026年11月22日. */
export function formatJapaneseDate(value: string | Date): string {
  const fields = tokyoFieldsOf(value);
  return fields ? `${fields.year}年${fields.month}月${fields.day}日` : '';
}

/** An instant as the learner's date and time in Japan: 2026年11月23日 10:05. */
export function formatJapaneseDateTime(value: string | Date): string {
  const fields = tokyoFieldsOf(value);
  return fields ? `${formatJapaneseDate(value)} ${fields.hour}:${fields.minute}` : '';
}

/** The day of an instant in Japan, YYYY-MM-DD (today: pass the current time). */
export const tokyoToday = (now: Date): string => {
  const fields = tokyoFieldsOf(now);
  return fields ? isoDayOf(fields) : '';
};

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The instant as HH:mm:ss and YYYY-MM-DD in Japan (admins compare it with logs, so seconds matter). */
export function formatTokyoTimestamp(value: string): { time: string; date: string } {
  const fields = tokyoFieldsOf(value);
  if (!fields) return { time: value, date: '' };
  return { time: `${fields.hour}:${fields.minute}:${fields.second}`, date: isoDayOf(fields) };
}

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/;

/** A `datetime-local` value read as Japan time: '2026-05-01T10:00' → '2026-05-01T10:00:00+09:00'; null for an empty or malformed one. */
export function tokyoIsoOf(localValue: string): string | null {
  const match = LOCAL_INPUT.exec(localValue.trim());
  if (!match) return null;
  const iso = `${match[1]}T${match[2]}:${match[3] ?? '00'}+09:00`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** An instant as a `datetime-local` value in Japan time: '2026-05-01T01:00:00Z' → '2026-05-01T10:00'. */
export function tokyoLocalInputOf(value: string): string {
  const fields = tokyoFieldsOf(value);
  return fields ? `${isoDayOf(fields)}T${fields.hour}:${fields.minute}` : '';
}
