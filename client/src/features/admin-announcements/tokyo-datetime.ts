/**
 * The editor's 公開日時 is a `datetime-local` input, read as Japan time whatever the admin's
 * computer is set to. Japan has no daylight saving time, so the offset is always +09:00.
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/;

/** '2026-05-01T10:00' → '2026-05-01T10:00:00+09:00'; null for an empty or malformed value. */
export function tokyoIsoOf(localValue: string): string | null {
  const match = LOCAL_INPUT.exec(localValue.trim());
  if (!match) return null;
  const iso = `${match[1]}T${match[2]}:${match[3] ?? '00'}+09:00`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** An instant as the input's value in Japan time: '2026-05-01T01:00:00Z' → '2026-05-01T10:00'. */
export function tokyoLocalInputOf(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return new Date(time + TOKYO_OFFSET_MS).toISOString().slice(0, 16);
}

/** Now, as an ISO instant in Japan time (what 今すぐ sends when a scheduled one is brought forward). */
export const tokyoIsoNow = (now: number = Date.now()): string => `${new Date(now + TOKYO_OFFSET_MS).toISOString().slice(0, 19)}+09:00`;
