import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { bands, formatPercent, labelStep, lineSegments, linearScale, niceTicks, periodLabel, periodName, round, toPolyline } from '../chart-scale';
import { courseLabel } from '../course-labels';

type CourseSeries = ExamAnalytics['courses'][number];

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 16, right: 48, bottom: 36, left: 44 };
const RATE_TICKS = [0, 0.25, 0.5, 0.75, 1];
const MAX_AXIS_LABELS = 8;

export interface CourseTrendChartProps {
  course: CourseSeries;
  granularity: ExamAnalytics['granularity'];
}

/**
 * Attempts per period as bars (left axis) and the pass rate as a line (right axis, 0–100%), with
 * the same numbers in a table for screen readers and for reading exact values.
 */
export function CourseTrendChart({ course, granularity }: CourseTrendChartProps) {
  const label = courseLabel(course.courseSlug, course.title);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const bottom = HEIGHT - MARGIN.bottom;
  const ticks = niceTicks(Math.max(0, ...course.series.map((period) => period.attempts)));
  const countY = linearScale(ticks[ticks.length - 1]!, bottom, MARGIN.top);
  const rateY = linearScale(1, bottom, MARGIN.top);
  const layout = bands(course.series.length, MARGIN.left, plotWidth);
  const step = labelStep(course.series.length, MAX_AXIS_LABELS);
  const segments = lineSegments(
    course.series.map((period, index) => (period.passRate === null ? null : { x: layout.centre(index), y: rateY(period.passRate) })),
  );
  const summary = `${label}の期間ごとの受験数（棒）と合格率（線）。受験 ${course.attempts} 回、合格 ${course.passed} 回、合格率 ${formatPercent(course.passRate)}。`;

  return (
    <figure className="analytics-chart">
      <figcaption className="analytics-chart__title">
        {label}
        <span className="analytics-chart__total">
          受験 {course.attempts} 回 ・ 合格率 {formatPercent(course.passRate)}
        </span>
      </figcaption>
      <svg className="analytics-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        <g className="analytics-chart__grid" aria-hidden="true">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={round(countY(tick))} y2={round(countY(tick))} />
              <text className="analytics-chart__axis-text" x={MARGIN.left - 6} y={round(countY(tick))} textAnchor="end" dominantBaseline="middle">
                {tick}
              </text>
            </g>
          ))}
          {RATE_TICKS.map((rate) => (
            <text
              key={rate}
              className="analytics-chart__axis-text analytics-chart__axis-text--rate"
              x={WIDTH - MARGIN.right + 6}
              y={round(rateY(rate))}
              dominantBaseline="middle"
            >
              {formatPercent(rate)}
            </text>
          ))}
        </g>
        <g className="analytics-chart__bars">
          {course.series.map((period, index) =>
            period.attempts > 0 ? (
              <rect
                key={period.period}
                x={round(layout.barX(index))}
                y={round(countY(period.attempts))}
                width={round(layout.barWidth)}
                height={round(bottom - countY(period.attempts))}
              >
                <title>{`${periodName(period.period, granularity)}: 受験 ${period.attempts} 回、合格率 ${formatPercent(period.passRate)}`}</title>
              </rect>
            ) : null,
          )}
        </g>
        <g className="analytics-chart__line" aria-hidden="true">
          {segments.map((segment) =>
            segment.length > 1 ? <polyline key={`${segment[0]!.x}`} points={toPolyline(segment)} /> : null,
          )}
          {segments.flat().map((point) => (
            <circle key={`${point.x}`} cx={round(point.x)} cy={round(point.y)} r={3} />
          ))}
        </g>
        <g aria-hidden="true">
          {course.series.map((period, index) =>
            index % step === 0 ? (
              <text key={period.period} className="analytics-chart__axis-text" x={round(layout.centre(index))} y={bottom + 18} textAnchor="middle">
                {periodLabel(period.period, granularity)}
              </text>
            ) : null,
          )}
          <line className="analytics-chart__baseline" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={bottom} y2={bottom} />
        </g>
      </svg>
      <p className="analytics-chart__legend" aria-hidden="true">
        <span className="analytics-chart__key analytics-chart__key--bar" /> 受験数（左の目盛り）
        <span className="analytics-chart__key analytics-chart__key--line" /> 合格率（右の目盛り）
      </p>
      <details className="analytics-chart__data">
        <summary>数値を表で見る</summary>
        <table className="admin-table analytics-table">
          <caption>{label}の期間ごとの受験数と合格率</caption>
          <thead>
            <tr>
              <th scope="col">期間</th>
              <th scope="col">受験数</th>
              <th scope="col">合格数</th>
              <th scope="col">合格率</th>
            </tr>
          </thead>
          <tbody>
            {course.series.map((period) => (
              <tr key={period.period}>
                <th scope="row">{periodName(period.period, granularity)}</th>
                <td>{period.attempts}</td>
                <td>{period.passed}</td>
                <td>{formatPercent(period.passRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
