const tokyoDate = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' });

/** An instant as the learner's calendar date in Japan: 2026年11月22日. */
export function formatJapaneseDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) => tokyoDate.formatToParts(date).find((p) => p.type === type)?.value;
  return `${part('year')}年${part('month')}月${part('day')}日`;
}

const tokyoDateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the learner's date and time in Japan: 2026年11月23日 10:05. */
export function formatJapaneseDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = tokyoDateTime.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}年${part('month')}月${part('day')}日 ${part('hour')}:${part('minute')}`;
}

/*
 * The campus counts days, times and the admin's date inputs in Japan time, whatever the browser's
 * zone. Japan has no daylight saving time, so the offset is always +09:00.
 */
const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
const tokyoTime = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** The day of an instant in Japan, YYYY-MM-DD (today: pass the current time). */
export const tokyoToday = (now: Date): string => tokyoDay.format(now);

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The instant as HH:mm:ss and YYYY-MM-DD in Japan (admins compare it with logs, so seconds matter). */
export function formatTokyoTimestamp(value: string): { time: string; date: string } {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { time: value, date: '' };
  return { time: tokyoTime.format(date), date: tokyoDay.format(date) };
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
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${tokyoDay.format(date)}T${tokyoTime.format(date).slice(0, 5)}`;
}
