const tokyoTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The instant as HH:mm:ss and YYYY-MM-DD in Japan (admins compare it with logs, so seconds matter). */
export function formatTokyoTimestamp(value: string): { time: string; date: string } {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { time: value, date: '' };
  return { time: tokyoTime.format(date), date: tokyoDay.format(date) };
}

/** The first block of a UUID: enough to tell rows apart at a glance; the cell's title has it whole. */
export const shortId = (id: string): string => (/^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8) : id);

const PREVIEW_CHARS = 80;

/** One line of JSON for the table cell, cut with … when long. */
export function compactJson(data: unknown): string {
  const text = JSON.stringify(data) ?? 'null';
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/** Indented JSON for the expanded cell. */
export const prettyJson = (data: unknown): string => JSON.stringify(data, null, 2) ?? 'null';
