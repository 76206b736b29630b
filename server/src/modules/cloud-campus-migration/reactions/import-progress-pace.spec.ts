import { importProgressPace } from './import-progress-pace';

describe('importProgressPace', () => {
  it('reports after enough rows and enough time, and always at the end', () => {
    const pace = importProgressPace(0);
    expect(pace.isDue(500, 2000, 100)).toBe(false); // many rows, too soon
    expect(pace.isDue(1000, 2000, 600)).toBe(true);
    expect(pace.isDue(1100, 2000, 2000)).toBe(false); // long enough, too few rows since the last report
    expect(pace.isDue(1250, 2000, 2001)).toBe(true);
    expect(pace.isDue(2000, 2000, 2002)).toBe(true); // the end, however soon
  });

  it('reports a small file once, at its end', () => {
    const pace = importProgressPace(0);
    expect(pace.isDue(3, 3, 1)).toBe(true);
  });
});
