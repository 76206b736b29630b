/** Pure helpers of the hand-made SVG charts: axes, scales and the numbers printed on them. */

/**
 * Round tick values from 0 up to at least `max`: steps of 1, 2 or 5 × 10ⁿ, about `count` of them,
 * whole numbers only (the charts count attempts and answers). Nothing to show still gives an axis.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const normalised = rough / magnitude;
  const nice = normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 5 ? 5 : 10;
  const step = Math.max(1, nice * magnitude);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return ticks;
}

/** Maps 0…domainMax onto rangeStart…rangeEnd (an SVG y axis runs downwards: pass the bottom first). */
export const linearScale =
  (domainMax: number, rangeStart: number, rangeEnd: number) =>
  (value: number): number =>
    rangeStart + (domainMax > 0 ? value / domainMax : 0) * (rangeEnd - rangeStart);

/** Equal bands for `count` periods across `width`, each bar `fill` of its band, centred. */
export function bands(count: number, start: number, width: number, fill = 0.6) {
  const band = count > 0 ? width / count : width;
  const barWidth = Math.max(1, band * fill);
  return {
    band,
    barWidth,
    barX: (index: number) => start + index * band + (band - barWidth) / 2,
    centre: (index: number) => start + index * band + band / 2,
  };
}

/** Label every n-th period so that at most `maxLabels` labels share the axis. */
export const labelStep = (count: number, maxLabels: number): number => Math.max(1, Math.ceil(count / Math.max(1, maxLabels)));

/** A rate (0–1) as a percentage with at most one decimal: 45.6%, 50%; '—' when nothing was counted. */
export function formatPercent(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  return `${Math.round(rate * 1000) / 10}%`;
}

/** An average of 1–5 stars with two decimals; '—' without reviews. */
export const formatScore = (score: number | null): string => (score === null || !Number.isFinite(score) ? '—' : score.toFixed(2));

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A period's first day (YYYY-MM-DD) on the axis: 11/2, or 11/2〜 for a week. */
export function periodLabel(period: string, granularity: 'day' | 'week'): string {
  const match = DAY.exec(period);
  if (!match) return period;
  const label = `${Number(match[2])}/${Number(match[3])}`;
  return granularity === 'week' ? `${label}〜` : label;
}

/** The period in a data table: 2026年11月2日, or 2026年11月2日の週. */
export function periodName(period: string, granularity: 'day' | 'week'): string {
  const match = DAY.exec(period);
  if (!match) return period;
  const name = `${match[1]}年${Number(match[2])}月${Number(match[3])}日`;
  return granularity === 'week' ? `${name}の週` : name;
}

/** Cut to `maxChars` characters with …, for SVG text (which does not wrap); the full text goes in a <title>. */
export const truncateLabel = (text: string, maxChars: number): string =>
  [...text].length > maxChars ? `${[...text].slice(0, maxChars - 1).join('')}…` : text;

export interface Point {
  x: number;
  y: number;
}

/** Runs of points between the gaps (periods without a rate), each drawn as one line. */
export function lineSegments(points: readonly (Point | null)[]): Point[][] {
  const segments: Point[][] = [];
  let current: Point[] = [];
  for (const point of points) {
    if (point) current.push(point);
    else if (current.length > 0) {
      segments.push(current);
      current = [];
    }
  }
  if (current.length > 0) segments.push(current);
  return segments;
}

export const toPolyline = (points: readonly Point[]): string => points.map(({ x, y }) => `${round(x)},${round(y)}`).join(' ');

/** SVG coordinates with two decimals: shorter markup, same picture. */
export const round = (value: number): number => Math.round(value * 100) / 100;
