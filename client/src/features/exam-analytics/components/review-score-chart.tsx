import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { formatScore, linearScale, round, truncateLabel } from '../chart-scale';
import { courseLabel } from '../course-labels';

type Review = ExamAnalytics['reviews'][number];

const WIDTH = 640;
const LABEL_WIDTH = 240;
const VALUE_WIDTH = 110;
const ROW_HEIGHT = 32;
const TOP = 8;
const AXIS_HEIGHT = 24;
const MAX_SCORE = 5;
const SCORE_TICKS = [1, 2, 3, 4, 5];

/** Average review score (1–5 stars) per course on a 0–5 scale, with the number of reviews. */
export function ReviewScoreChart({ reviews }: { reviews: readonly Review[] }) {
  const rows = reviews.filter((review): review is Review & { averageScore: number } => review.reviewCount > 0 && review.averageScore !== null);
  if (rows.length === 0) {
    return <p className="analytics-section__empty">この期間のレビューはありません。</p>;
  }
  const barStart = LABEL_WIDTH;
  const x = linearScale(MAX_SCORE, barStart, WIDTH - VALUE_WIDTH);
  const axisY = TOP + rows.length * ROW_HEIGHT;
  const height = axisY + AXIS_HEIGHT;
  const summary = `コース別のレビュー平均点（5 点満点）。${rows
    .map((review) => `${courseLabel(review.courseSlug, review.title)} ${formatScore(review.averageScore)} 点（${review.reviewCount} 件）`)
    .join('、')}。`;

  return (
    <figure className="analytics-chart">
      <svg className="analytics-chart__svg analytics-chart__svg--rows" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summary}>
        <g className="analytics-chart__grid" aria-hidden="true">
          {SCORE_TICKS.map((tick) => (
            <g key={tick}>
              <line x1={round(x(tick))} x2={round(x(tick))} y1={TOP} y2={axisY} />
              <text className="analytics-chart__axis-text" x={round(x(tick))} y={axisY + 16} textAnchor="middle">
                {tick}
              </text>
            </g>
          ))}
        </g>
        {rows.map((review, index) => {
          const y = TOP + index * ROW_HEIGHT;
          const label = courseLabel(review.courseSlug, review.title);
          return (
            <g key={review.courseSlug}>
              <text className="analytics-chart__row-label" x={LABEL_WIDTH - 8} y={y + 20} textAnchor="end">
                <title>{label}</title>
                {truncateLabel(label, 20)}
              </text>
              <rect className="analytics-chart__hbar analytics-chart__hbar--score" x={barStart} y={y + 6} width={Math.max(1, round(x(review.averageScore) - barStart))} height={ROW_HEIGHT - 12} />
              <text className="analytics-chart__value" x={round(x(review.averageScore)) + 6} y={y + 20}>
                {formatScore(review.averageScore)}（{review.reviewCount} 件）
              </text>
            </g>
          );
        })}
      </svg>
      <details className="analytics-chart__data">
        <summary>数値を表で見る</summary>
        <table className="admin-table analytics-table">
          <caption>コース別のレビュー平均点</caption>
          <thead>
            <tr>
              <th scope="col">コース</th>
              <th scope="col">レビュー数</th>
              <th scope="col">平均点</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((review) => (
              <tr key={review.courseSlug}>
                <th scope="row">{courseLabel(review.courseSlug, review.title)}</th>
                <td>{review.reviewCount}</td>
                <td>{formatScore(review.averageScore)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
