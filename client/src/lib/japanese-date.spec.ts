import { formatJapaneseDate } from './japanese-date';

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
