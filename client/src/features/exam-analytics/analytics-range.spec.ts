import { defaultRange } from './analytics-range';

describe('analytics range', () => {
  it('defaults to the last 30 days, today included', () => {
    expect(defaultRange('2026-11-22')).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });
});
