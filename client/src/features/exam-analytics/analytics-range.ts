/** Days of the analytics range: YYYY-MM-DD in Asia/Tokyo, as the server counts them. */

const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Japan. */
export const tokyoToday = (now: Date): string => tokyoDay.format(now);

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The server's default too: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

export const defaultRange = (today: string) => ({ from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today });
