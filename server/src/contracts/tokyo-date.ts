/*
 * Japan time, the one calendar of the campus: the server and the browser count days, write dates and
 * read the admin's date inputs with these functions, whatever the machine's zone. Japan has kept +09:00
 * all year since 1951 (no daylight saving time), so the fields are read from the instant moved by nine
 * hours, in UTC. (An Intl formatter for Asia/Tokyo would load the browser's time zone data first: a long
 * task of its own on a slow phone.)
 */

/** Japan's zone as PostgreSQL, Intl and cron name it: SQL that groups by Tokyo days takes it from here. */
export const TOKYO_TIME_ZONE = 'Asia/Tokyo';

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * An instant shifted to Tokyo's wall clock: read it with the UTC getters (`getUTCFullYear()` is the
 * Tokyo year, `getUTCMonth()` its month).
 */
export const tokyoWallClock = (instant: Date): Date => new Date(instant.getTime() + TOKYO_OFFSET_MS);

/** The instant Tokyo's wall clock shows `wallClockMs` (built with the UTC fields, e.g. `Date.UTC(2025, 5, 1)` for Tokyo midnight of 1 June). */
export const fromTokyoWallClock = (wallClockMs: number): Date => new Date(wallClockMs - TOKYO_OFFSET_MS);

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

/** An instant as Japanese readers write it, on the Tokyo calendar: 2026年11月22日 ('' when it is not a date). */
export function formatJapaneseDate(value: string | Date): string {
  const fields = tokyoFieldsOf(value);
  return fields ? `${fields.year}年${fields.month}月${fields.day}日` : '';
}

/** An instant as the date and 24-hour time in Japan: 2026年11月23日 10:05 ('' when it is not a date). */
export function formatJapaneseDateTime(value: string | Date): string {
  const fields = tokyoFieldsOf(value);
  return fields ? `${formatJapaneseDate(value)} ${fields.hour}:${fields.minute}` : '';
}

/** The Tokyo calendar day of an instant, YYYY-MM-DD (today: pass the current time); '' when it is not a date. */
export const tokyoDay = (instant: Date): string => {
  const fields = tokyoFieldsOf(instant);
  return fields ? isoDayOf(fields) : '';
};

/** The instant a Tokyo day (YYYY-MM-DD) begins: its midnight in Japan. A day is a fixed 24 h there. */
export const tokyoDayStart = (day: string): Date => fromTokyoWallClock(Date.parse(`${day}T00:00:00Z`));

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
