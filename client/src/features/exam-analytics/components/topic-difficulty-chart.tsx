import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { formatPercent, linearScale, round, truncateLabel } from '../chart-scale';
import { courseLabel } from '../course-labels';

type Topic = ExamAnalytics['topics'][number];

const WIDTH = 640;
const LABEL_WIDTH = 220;
const VALUE_WIDTH = 120;
const ROW_HEIGHT = 40;
const TOP = 8;
const AXIS_HEIGHT = 24;
const PERCENT_TICKS = [0, 0.25, 0.5, 0.75, 1];

/** Topics that were answered, hardest (lowest correct rate) first. */
export const topicsByDifficulty = (topics: readonly Topic[]): (Topic & { correctRate: number })[] =>
  topics
    .filter((topic): topic is Topic & { correctRate: number } => topic.correctRate !== null && topic.answered > 0)
    .sort((a, b) => a.correctRate - b.correctRate || b.answered - a.answered);

/** Difficulty band of a rate, for the bar colour (the value is always printed too). */
const tone = (rate: number) => (rate < 0.5 ? 'hard' : rate < 0.7 ? 'medium' : 'easy');

/** One horizontal bar per topic: its correct-answer rate, lowest first; the numbers in a table as well. */
export function TopicDifficultyChart({ topics }: { topics: readonly Topic[] }) {
  const rows = topicsByDifficulty(topics);
  if (rows.length === 0) {
    return <p className="analytics-section__empty">この期間に回答されたトピックはありません。</p>;
  }
  const barStart = LABEL_WIDTH;
  const barEnd = WIDTH - VALUE_WIDTH;
  const x = linearScale(1, barStart, barEnd);
  const height = TOP + rows.length * ROW_HEIGHT + AXIS_HEIGHT;
  const axisY = TOP + rows.length * ROW_HEIGHT;
  const hardest = rows[0]!;
  const summary = `トピック別の正答率（低い順、${rows.length} 件）。最も低いのは${courseLabel(hardest.courseSlug)}の「${hardest.topicName}」で ${formatPercent(hardest.correctRate)}。`;

  return (
    <figure className="analytics-chart">
      <svg className="analytics-chart__svg analytics-chart__svg--rows" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summary}>
        <g className="analytics-chart__grid" aria-hidden="true">
          {PERCENT_TICKS.map((tick) => (
            <g key={tick}>
              <line x1={round(x(tick))} x2={round(x(tick))} y1={TOP} y2={axisY} />
              <text className="analytics-chart__axis-text" x={round(x(tick))} y={axisY + 16} textAnchor="middle">
                {formatPercent(tick)}
              </text>
            </g>
          ))}
        </g>
        {rows.map((topic, index) => {
          const y = TOP + index * ROW_HEIGHT;
          return (
            <g key={`${topic.courseSlug}/${topic.topic}`}>
              <text className="analytics-chart__row-label" x={LABEL_WIDTH - 8} y={y + 16} textAnchor="end">
                <title>{`${courseLabel(topic.courseSlug)} / ${topic.topicName}`}</title>
                {truncateLabel(topic.topicName, 16)}
              </text>
              <text className="analytics-chart__row-sublabel" x={LABEL_WIDTH - 8} y={y + 31} textAnchor="end">
                {truncateLabel(courseLabel(topic.courseSlug), 24)}
              </text>
              <rect
                className={`analytics-chart__hbar analytics-chart__hbar--${tone(topic.correctRate)}`}
                x={barStart}
                y={y + 8}
                width={Math.max(1, round(x(topic.correctRate) - barStart))}
                height={ROW_HEIGHT - 16}
              />
              <text className="analytics-chart__value" x={round(x(topic.correctRate)) + 6} y={y + 24}>
                {formatPercent(topic.correctRate)}（{topic.answered} 回答）
              </text>
            </g>
          );
        })}
      </svg>
      <details className="analytics-chart__data">
        <summary>数値を表で見る</summary>
        <table className="admin-table analytics-table">
          <caption>トピック別の正答率（低い順）</caption>
          <thead>
            <tr>
              <th scope="col">トピック</th>
              <th scope="col">コース</th>
              <th scope="col">回答数</th>
              <th scope="col">正答率</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((topic) => (
              <tr key={`${topic.courseSlug}/${topic.topic}`}>
                <th scope="row">{topic.topicName}</th>
                <td>{courseLabel(topic.courseSlug)}</td>
                <td>{topic.answered}</td>
                <td>{formatPercent(topic.correctRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
