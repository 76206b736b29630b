import {
  bands,
  formatPercent,
  formatScore,
  labelStep,
  lineSegments,
  linearScale,
  niceTicks,
  periodLabel,
  periodName,
  toPolyline,
  truncateLabel,
} from './chart-scale';

describe('chart scale helpers', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [7, [0, 2, 4, 6, 8]],
    [10, [0, 5, 10]],
    [37, [0, 10, 20, 30, 40]],
    [120, [0, 50, 100, 150]],
    [999, [0, 500, 1000]],
  ])('ticks up to %p: %p', (max, ticks) => {
    expect(niceTicks(max)).toEqual(ticks);
  });

  it('always reaches the maximum with whole, evenly spaced ticks', () => {
    for (const max of [2, 5, 13, 49, 51, 250, 4321]) {
      const ticks = niceTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      const steps = new Set(ticks.slice(1).map((tick, i) => tick - ticks[i]!));
      expect(steps.size).toBe(1);
    }
  });

  it('scales linearly, also onto a downward axis, and flat for an empty domain', () => {
    const x = linearScale(100, 10, 210);
    expect(x(0)).toBe(10);
    expect(x(50)).toBe(110);
    expect(x(100)).toBe(210);
    const y = linearScale(1, 200, 20);
    expect(y(0)).toBe(200);
    expect(y(0.25)).toBe(155);
    expect(linearScale(0, 200, 20)(5)).toBe(200);
  });

  it('lays out bands with centred bars', () => {
    const layout = bands(4, 40, 400, 0.5);
    expect(layout.band).toBe(100);
    expect(layout.barWidth).toBe(50);
    expect(layout.barX(0)).toBe(65);
    expect(layout.centre(3)).toBe(390);
  });

  it('labels at most the given number of periods', () => {
    expect(labelStep(7, 8)).toBe(1);
    expect(labelStep(30, 8)).toBe(4);
    expect(labelStep(0, 8)).toBe(1);
  });

  it('formats rates as percentages with at most one decimal, and nothing counted as —', () => {
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(0.4567)).toBe('45.7%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(null)).toBe('—');
    expect(formatScore(4.256)).toBe('4.26');
    expect(formatScore(4)).toBe('4.00');
    expect(formatScore(null)).toBe('—');
  });

  it('names periods by their first day', () => {
    expect(periodLabel('2026-11-02', 'day')).toBe('11/2');
    expect(periodLabel('2026-11-02', 'week')).toBe('11/2〜');
    expect(periodLabel('W45', 'week')).toBe('W45');
    expect(periodName('2026-11-02', 'day')).toBe('2026年11月2日');
    expect(periodName('2026-11-02', 'week')).toBe('2026年11月2日の週');
  });

  it('cuts long labels by characters, not bytes', () => {
    expect(truncateLabel('アカウントの運用', 10)).toBe('アカウントの運用');
    expect(truncateLabel('アカウントの運用と分析のきほん', 8)).toBe('アカウントの運…');
  });

  it('breaks the rate line where a period has no rate', () => {
    const segments = lineSegments([{ x: 0, y: 1 }, { x: 1, y: 2 }, null, { x: 3, y: 4 }, null]);
    expect(segments).toEqual([[{ x: 0, y: 1 }, { x: 1, y: 2 }], [{ x: 3, y: 4 }]]);
    expect(toPolyline(segments[0]!)).toBe('0,1 1,2');
    expect(lineSegments([null, null])).toEqual([]);
  });
});
