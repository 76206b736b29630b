import type { JobCounts, QueueHealth } from '@campus/contracts/queue-health';
import { PhraseText } from '../../../components/phrase-text';

type Queue = QueueHealth['queues'][number];

const COUNT_LABELS: [keyof JobCounts, string][] = [
  ['waiting', '待機'],
  ['active', '実行中'],
  ['delayed', '遅延'],
  ['completed', '完了'],
  ['failed', '失敗'],
  ['paused', '一時停止'],
];

/** One queue: its job counts, and the workers that take its jobs (none = nothing gets done). */
export function QueueCard({ queue }: { queue: Queue }) {
  const headingId = `queue-card-${queue.name}`;
  return (
    <article className="queue-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="queue-card__name">
        <PhraseText text={queue.name} />
        {queue.isPaused ? <span className="queue-card__badge">一時停止中</span> : null}
      </h3>
      <dl className="queue-card__counts">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={key} className={`queue-card__count${key === 'failed' && queue.counts.failed > 0 ? ' queue-card__count--alert' : ''}`}>
            <dt>{label}</dt>
            <dd>{queue.counts[key].toLocaleString('ja-JP')}</dd>
          </div>
        ))}
      </dl>
      <p className={`queue-card__workers${queue.workerCount === 0 ? ' queue-card__workers--none' : ''}`}>
        ワーカー {queue.workerCount}
        {queue.workerCount === 0 ? '（ジョブは処理されません）' : ''}
      </p>
    </article>
  );
}
