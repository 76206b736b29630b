import { addDays, defaultRange, tokyoToday } from './analytics-range';

describe('analytics range', () => {
  it('takes today in Japan, whatever the browser’s zone', () => {
    expect(tokyoToday(new Date('2026-11-21T15:30:00.000Z'))).toBe('2026-11-22');
    expect(tokyoToday(new Date('2026-11-21T14:59:59.000Z'))).toBe('2026-11-21');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('defaults to the last 30 days, today included', () => {
    expect(defaultRange('2026-11-22')).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });
});
