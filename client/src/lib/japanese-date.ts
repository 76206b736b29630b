const tokyoDate = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' });

/** An instant as the learner's calendar date in Japan: 2026年11月22日. */
export function formatJapaneseDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) => tokyoDate.formatToParts(date).find((p) => p.type === type)?.value;
  return `${part('year')}年${part('month')}月${part('day')}日`;
}
