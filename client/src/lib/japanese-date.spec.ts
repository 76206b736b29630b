import { formatJapaneseDate, formatJapaneseDateTime } from './japanese-date';

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
