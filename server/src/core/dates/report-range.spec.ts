import { tokyoDay } from '../../contracts/tokyo-date';
import { analyticsRange, periodOf, periodsOf, seriesOf } from './report-range';

// 23:30 on 2026-03-01 in Tokyo (14:30 UTC): half an hour before the Tokyo day turns.
const NOW = new Date('2026-03-01T14:30:00Z');

const refusal = (query: { from?: string; to?: string }) => {
  try {
    analyticsRange(query, NOW);
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('analytics range (Asia/Tokyo days)', () => {
  it('reads the day on the Tokyo calendar', () => {
    expect(tokyoDay(new Date('2026-03-01T14:59:59Z'))).toBe('2026-03-01');
    expect(tokyoDay(new Date('2026-03-01T15:00:00Z'))).toBe('2026-03-02');
  });

  it('defaults to the last 30 days ending today, bounded by Tokyo midnights', () => {
    expect(analyticsRange({}, NOW)).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
      startsAt: new Date('2026-01-30T15:00:00Z'),
      endsBefore: new Date('2026-03-01T15:00:00Z'),
    });
    expect(analyticsRange({}, new Date('2026-03-01T15:00:00Z')).to).toBe('2026-03-02');
  });

  it('fills a missing end from the other one', () => {
    expect(analyticsRange({ to: '2025-12-31' }, NOW)).toMatchObject({ from: '2025-12-02', to: '2025-12-31' });
    expect(analyticsRange({ from: '2026-02-20' }, NOW)).toMatchObject({ from: '2026-02-20', to: '2026-03-01' });
    expect(analyticsRange({ from: '2025-01-01', to: '2025-01-01' }, NOW)).toMatchObject({
      startsAt: new Date('2024-12-31T15:00:00Z'),
      endsBefore: new Date('2025-01-01T15:00:00Z'),
    });
  });

  it('takes 366 days and refuses 367, and refuses an end before the start, on the field from', () => {
    expect(analyticsRange({ from: '2024-01-01', to: '2024-12-31' }, NOW)).toMatchObject({ from: '2024-01-01' });
    expect(refusal({ from: '2024-01-01', to: '2025-01-01' })).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, field: 'from', message: expect.stringContaining('366 日以内') });
    expect(refusal({ from: '2026-02-02', to: '2026-02-01' })).toMatchObject({ field: 'from', message: expect.stringContaining('to 以前') });
    expect(refusal({ from: '2026-03-02' })).toMatchObject({ field: 'from' });
    expect(refusal({ from: '2020-01-01' })).toMatchObject({ field: 'from' });
  });

  it('refuses days that do not exist, naming the field', () => {
    expect(refusal({ from: '2025-02-30' })).toMatchObject({ field: 'from', message: expect.stringContaining('存在しない日付') });
    expect(refusal({ from: '2025-02-01', to: '2025-13-01' })).toMatchObject({ field: 'to' });
  });
});

describe('periods', () => {
  it('labels a week by its Monday', () => {
    expect(periodOf('2026-03-01', 'week')).toBe('2026-02-23'); // a Sunday
    expect(periodOf('2026-03-02', 'week')).toBe('2026-03-02'); // a Monday
    expect(periodOf('2026-03-04', 'day')).toBe('2026-03-04');
  });

  it('lists every period of the range, across a month end and a year end', () => {
    expect(periodsOf({ from: '2026-02-27', to: '2026-03-02' }, 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(periodsOf({ from: '2025-12-31', to: '2026-01-13' }, 'week')).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
    expect(periodsOf({ from: '2026-01-05', to: '2026-01-05' }, 'week')).toEqual(['2026-01-05']);
  });

  it('sums days into their periods and keeps empty periods with no pass rate', () => {
    const days = [
      { day: '2025-12-31', attempts: 2, passed: 1 },
      { day: '2026-01-04', attempts: 2, passed: 2 },
      { day: '2026-01-13', attempts: 4, passed: 1 },
      { day: '2026-02-01', attempts: 9, passed: 9 }, // outside the periods: ignored
    ];
    expect(seriesOf(periodsOf({ from: '2025-12-31', to: '2026-01-13' }, 'week'), days, 'week')).toEqual([
      { period: '2025-12-29', attempts: 4, passed: 3, passRate: 0.75 },
      { period: '2026-01-05', attempts: 0, passed: 0, passRate: null },
      { period: '2026-01-12', attempts: 4, passed: 1, passRate: 0.25 },
    ]);
    expect(seriesOf(['2026-01-03', '2026-01-04'], days, 'day')).toEqual([
      { period: '2026-01-03', attempts: 0, passed: 0, passRate: null },
      { period: '2026-01-04', attempts: 2, passed: 2, passRate: 1 },
    ]);
  });
});
