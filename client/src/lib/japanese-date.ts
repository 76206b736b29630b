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
