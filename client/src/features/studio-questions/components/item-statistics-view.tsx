import type { ItemFlag, ItemStatistic } from '@campus/contracts/item-statistics';

export const FLAG_LABELS: Record<ItemFlag, string> = { tooEasy: '簡単すぎ', tooHard: '難しすぎ', negativeDiscrimination: '識別力が負', overExposed: '出題過多' };

const BAND_LABELS = { lower: '下位 1/3', middle: '中位 1/3', upper: '上位 1/3' } as const;
const WIDTH = 300;
const BAR = 24;

/**
 * The question's share right among learners in the lower, middle and upper third of total scores: a good
 * question rises from left to right. The figures are in its label and in the table, for those who do not see it.
 */
export function ScoreBandChart({ stat }: { stat: ItemStatistic }) {
  const describe = stat.byScoreBand.map((band) => `${BAND_LABELS[band.band]} ${band.pValue === null ? 'なし' : `${Math.round(band.pValue * 100)} %`}（${band.attempts} 回）`).join('、');
  return (
    <figure className="qbank-chart">
      <figcaption className="qbank__hint">得点帯別の正答率（受験 {stat.attempts} 回）</figcaption>
      <svg role="img" aria-label={`得点帯別の正答率: ${describe}`} viewBox={`0 0 ${WIDTH + 110} ${stat.byScoreBand.length * (BAR + 8)}`} className="qbank-chart__svg">
        {stat.byScoreBand.map((band, index) => {
          const y = index * (BAR + 8);
          const width = Math.round((band.pValue ?? 0) * WIDTH);
          return (
            <g key={band.band}>
              <text x={0} y={y + BAR * 0.7} className="qbank-chart__label">{BAND_LABELS[band.band]}</text>
              <rect x={80} y={y} width={Math.max(width, 1)} height={BAR} className="qbank-chart__bar" />
              <text x={84 + width} y={y + BAR * 0.7} className="qbank-chart__value">{band.pValue === null ? '—' : `${Math.round(band.pValue * 100)}%`}</text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
