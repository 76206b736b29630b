import {
  addDays,
  formatJapaneseDate,
  formatJapaneseDateTime,
  formatTokyoTimestamp,
  fromTokyoWallClock,
  TOKYO_TIME_ZONE,
  tokyoDay,
  tokyoDayStart,
  tokyoIsoOf,
  tokyoLocalInputOf,
  tokyoWallClock,
} from './tokyo-date';

describe('formatJapaneseDate', () => {
  it('writes the date as 年月日 without zero padding', () => {
    expect(formatJapaneseDate('2026-03-05T03:00:00Z')).toBe('2026年3月5日');
  });

  it('uses the calendar day in Tokyo, not UTC', () => {
    // 16:00 UTC on 31 December is already 1 January in Japan.
    expect(formatJapaneseDate('2026-12-31T16:00:00Z')).toBe('2027年1月1日');
    expect(formatJapaneseDate(new Date('2026-12-31T14:59:59Z'))).toBe('2026年12月31日');
  });

  it('gives an empty string for a value that is not a date', () => {
    expect(formatJapaneseDate('not a date')).toBe('');
  });
});

describe('formatJapaneseDateTime', () => {
  it('gives the date and 24-hour time in Japan', () => {
    // 15:05 UTC is 00:05 the next day in Tokyo.
    expect(formatJapaneseDateTime('2026-11-22T15:05:00.000Z')).toBe('2026年11月23日 00:05');
    expect(formatJapaneseDateTime(new Date('2026-11-23T01:30:00.000Z'))).toBe('2026年11月23日 10:30');
    expect(formatJapaneseDateTime('nope')).toBe('');
  });
});

describe('Japan-time days and inputs', () => {
  it('takes the day in Japan, whatever the browser’s zone', () => {
    expect(tokyoDay(new Date('2026-11-21T15:30:00.000Z'))).toBe('2026-11-22');
    expect(tokyoDay(new Date('2026-11-21T14:59:59.000Z'))).toBe('2026-11-21');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('shows the instant in Japan with seconds, and its date', () => {
    // 15:30:05 UTC is 00:30:05 the next day in Tokyo.
    expect(formatTokyoTimestamp('2026-11-21T15:30:05.120Z')).toEqual({ time: '00:30:05', date: '2026-11-22' });
    expect(formatTokyoTimestamp('not a date')).toEqual({ time: 'not a date', date: '' });
  });

  it('reads a datetime-local value as Japan time', () => {
    expect(tokyoIsoOf('2026-05-01T10:00')).toBe('2026-05-01T10:00:00+09:00');
    expect(tokyoIsoOf('2026-05-01T10:00:30')).toBe('2026-05-01T10:00:30+09:00');
    expect(Date.parse(tokyoIsoOf('2026-05-01T08:30')!)).toBe(Date.parse('2026-04-30T23:30:00Z'));
  });

  it('refuses an empty or malformed datetime-local value', () => {
    expect(tokyoIsoOf('')).toBeNull();
    expect(tokyoIsoOf('2026-05-01')).toBeNull();
    expect(tokyoIsoOf('2026-13-45T99:99')).toBeNull();
  });

  it('shows a stored instant as a datetime-local value in Japan time', () => {
    expect(tokyoLocalInputOf('2026-04-30T23:30:00.000Z')).toBe('2026-05-01T08:30');
    expect(tokyoLocalInputOf('2026-05-01T10:00:00+09:00')).toBe('2026-05-01T10:00');
    expect(tokyoLocalInputOf('2026-04-30T15:00:00.000Z')).toBe('2026-05-01T00:00');
    expect(tokyoLocalInputOf('nonsense')).toBe('');
  });
});

describe('the fixed +09:00 offset', () => {
  // The functions compute Japan time by arithmetic; the browser's own Asia/Tokyo rules must agree.
  const intlTokyo = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const intlFields = (date: Date) => Object.fromEntries(intlTokyo.formatToParts(date).map((part) => [part.type, part.value]));

  it('agrees with the Asia/Tokyo time zone from 1960 to 2100, at day and year boundaries too', () => {
    const instants = [Date.UTC(1960, 0, 1), Date.UTC(2026, 11, 31, 14, 59, 59), Date.UTC(2026, 11, 31, 15, 0, 0), Date.UTC(2100, 1, 28, 15, 0, 0)];
    // A fixed stride through the range rather than random instants: the test is the same every run.
    for (let time = Date.UTC(1960, 0, 1); time < Date.UTC(2100, 0, 1); time += 7_777_777_777) instants.push(time);
    for (const time of instants) {
      const date = new Date(time);
      const expected = intlFields(date);
      const iso = new Date(time).toISOString();
      expect(tokyoDay(date)).toBe(`${expected.year}-${expected.month}-${expected.day}`);
      expect(formatTokyoTimestamp(iso)).toEqual({ time: `${expected.hour}:${expected.minute}:${expected.second}`, date: `${expected.year}-${expected.month}-${expected.day}` });
      expect(formatJapaneseDateTime(date)).toBe(`${expected.year}年${Number(expected.month)}月${Number(expected.day)}日 ${expected.hour}:${expected.minute}`);
    }
  });

  it('gives an empty day for a value that is not a date', () => {
    expect(tokyoDay(new Date(Number.NaN))).toBe('');
    expect(tokyoLocalInputOf('')).toBe('');
  });
});

describe('the Tokyo wall clock and day boundaries', () => {
  it('reads an instant as Tokyo sees it, across the UTC date line', () => {
    const lateUtcEvening = new Date('2025-05-31T15:30:00Z');
    expect(tokyoWallClock(lateUtcEvening).toISOString()).toBe('2025-06-01T00:30:00.000Z');
    expect(tokyoWallClock(lateUtcEvening).getUTCDate()).toBe(1);
  });

  it('turns a Tokyo wall-clock time back into the instant, the same as a +09:00 timestamp', () => {
    expect(fromTokyoWallClock(Date.UTC(2025, 5, 1))).toEqual(new Date('2025-06-01T00:00:00+09:00'));
    const instant = new Date('2026-01-01T03:04:05.678Z');
    expect(fromTokyoWallClock(tokyoWallClock(instant).getTime())).toEqual(instant);
  });

  it('starts a Tokyo day at its midnight in Japan, at month and year ends too', () => {
    expect(tokyoDayStart('2026-03-01')).toEqual(new Date('2026-02-28T15:00:00Z'));
    expect(tokyoDayStart('2026-01-01')).toEqual(new Date('2025-12-31T15:00:00Z'));
    expect(tokyoDayStart('2024-02-29')).toEqual(new Date('2024-02-28T15:00:00Z'));
    expect(tokyoDay(tokyoDayStart('2026-04-30'))).toBe('2026-04-30');
    expect(tokyoDay(new Date(tokyoDayStart('2026-05-01').getTime() - 1))).toBe('2026-04-30');
  });

  it('names the zone PostgreSQL and Intl know', () => {
    expect(TOKYO_TIME_ZONE).toBe('Asia/Tokyo');
    expect(new Intl.DateTimeFormat('en-US', { timeZone: TOKYO_TIME_ZONE }).resolvedOptions().timeZone).toBe('Asia/Tokyo');
  });
});

/**
 * The server wrote these strings with Intl formatters before it shared this file with the client
 * (certificates and notices: en-US parts; exam refusals and credentials: ja-JP; the campaign day:
 * sv-SE): the same bytes, around midnight in Japan and at month and year ends.
 */
describe('byte for byte what the server wrote with Intl before', () => {
  const enUsParts = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' });
  const jaDay = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' });
  const jaMinute = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  const svDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
  const oldJapaneseDate = (instant: Date) => {
    const parts = Object.fromEntries(enUsParts.formatToParts(instant).map((part) => [part.type, part.value]));
    return `${parts.year}年${Number(parts.month)}月${Number(parts.day)}日`;
  };

  const EDGES = [
    // Midnight in Japan (15:00 UTC) and the minutes around it.
    '2026-11-22T14:59:59.999Z',
    '2026-11-22T15:00:00.000Z',
    '2026-11-22T15:05:00.000Z',
    // Month ends: 30, 31 days, February in a common and a leap year; the year end.
    '2026-04-30T14:59:00.000Z',
    '2026-04-30T15:00:00.000Z',
    '2026-01-31T15:00:00.000Z',
    '2026-02-28T14:59:00.000Z',
    '2026-02-28T15:00:00.000Z',
    '2028-02-28T15:00:00.000Z',
    '2028-02-29T15:00:00.000Z',
    '2026-12-31T14:59:00.000Z',
    '2026-12-31T15:00:00.000Z',
    // Noon, and a UTC midnight (09:00 in Japan).
    '2026-05-01T03:09:00.000Z',
    '2026-06-01T00:00:00.000Z',
  ];

  it.each(EDGES)('%s', (iso) => {
    const instant = new Date(iso);
    expect(formatJapaneseDate(instant)).toBe(oldJapaneseDate(instant));
    expect(formatJapaneseDate(instant)).toBe(jaDay.format(instant));
    expect(formatJapaneseDateTime(instant)).toBe(jaMinute.format(instant));
    expect(tokyoDay(instant)).toBe(svDay.format(instant));
  });

  it('writes these exact strings', () => {
    expect(formatJapaneseDateTime(new Date('2026-11-22T15:05:00Z'))).toBe('2026年11月23日 00:05');
    expect(formatJapaneseDateTime(new Date('2026-11-22T14:59:00Z'))).toBe('2026年11月22日 23:59');
    expect(formatJapaneseDate(new Date('2026-02-28T15:00:00Z'))).toBe('2026年3月1日');
    expect(formatJapaneseDate(new Date('2028-02-28T15:00:00Z'))).toBe('2028年2月29日');
    expect(tokyoDay(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('agrees on a stride from 1960 to 2100', () => {
    for (let time = Date.UTC(1960, 0, 1); time < Date.UTC(2100, 0, 1); time += 7_777_777_777) {
      const instant = new Date(time);
      expect(formatJapaneseDate(instant)).toBe(oldJapaneseDate(instant));
      expect(formatJapaneseDate(instant)).toBe(jaDay.format(instant));
      expect(formatJapaneseDateTime(instant)).toBe(jaMinute.format(instant));
      expect(tokyoDay(instant)).toBe(svDay.format(instant));
    }
  });
});
