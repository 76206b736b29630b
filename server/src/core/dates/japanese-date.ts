const TOKYO_DATE = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' });

/** A date as Japanese readers write it, on the Tokyo calendar: 2026年11月22日. */
export function japaneseDate(instant: Date): string {
  const parts = Object.fromEntries(TOKYO_DATE.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}年${Number(parts.month)}月${Number(parts.day)}日`;
}
