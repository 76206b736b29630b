import { fromTokyoWallClock, tokyoWallClock } from './tokyo-time';

describe('Tokyo wall clock', () => {
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
});
