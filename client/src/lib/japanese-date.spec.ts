import { addDays, formatJapaneseDate, formatJapaneseDateTime, formatTokyoTimestamp, tokyoIsoOf, tokyoLocalInputOf, tokyoToday } from './japanese-date';

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
    expect(tokyoToday(new Date('2026-11-21T15:30:00.000Z'))).toBe('2026-11-22');
    expect(tokyoToday(new Date('2026-11-21T14:59:59.000Z'))).toBe('2026-11-21');
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
      expect(tokyoToday(date)).toBe(`${expected.year}-${expected.month}-${expected.day}`);
      expect(formatTokyoTimestamp(iso)).toEqual({ time: `${expected.hour}:${expected.minute}:${expected.second}`, date: `${expected.year}-${expected.month}-${expected.day}` });
      expect(formatJapaneseDateTime(date)).toBe(`${expected.year}年${Number(expected.month)}月${Number(expected.day)}日 ${expected.hour}:${expected.minute}`);
    }
  });

  it('gives an empty day for a value that is not a date', () => {
    expect(tokyoToday(new Date(Number.NaN))).toBe('');
    expect(tokyoLocalInputOf('')).toBe('');
  });
});
