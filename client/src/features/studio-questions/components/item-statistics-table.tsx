import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { itemStatisticsMachine, sortedItems, type SortKey } from '../machines/item-statistics.machine';
import { questionEditPath } from '../question-labels';
import { FLAG_LABELS, ScoreBandChart } from './item-statistics-view';

const ratio = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)} %`);

/** /admin/studio/questions/{courseSlug}/statistics: every question's figures, sortable, and one question's chart. */
export function ItemStatisticsTable({ courseSlug, selected, logic = itemStatisticsMachine }: { courseSlug: string; selected: string | null; logic?: typeof itemStatisticsMachine }) {
  const [snapshot, send] = useMachine(logic, { input: { courseSlug, selected } });
  const { stats, sort, error } = snapshot.context;
  if (snapshot.matches('loading')) return <AdminLoading label="統計を読み込み中" />;
  if (!stats) return <AdminLoadFailed message={error ?? '統計を読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;
  const chosen = stats.items.find((item) => item.questionId === snapshot.context.selected) ?? null;
  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="qbank-sort" onClick={() => send({ type: 'SORT', key })}>
          {label}
          <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
        </button>
      </th>
    );
  };
  return (
    <div className="qbank">
      <p className="qbank__hint">
        採点済みの受験 {stats.gradedSessions} 回から。正答率 (p) は正解した割合、識別力はその問題と残りの得点との点双列相関（10 回以上で表示）、出題率は受験のうちその問題が出た割合です。
      </p>
      {stats.gradedSessions === 0 ? <p className="empty-state__message">まだ採点された受験がありません。</p> : null}
      {chosen ? (
        <section className="qbank-stat" aria-labelledby="qbank-stat-title">
          <h2 id="qbank-stat-title" className="qbank__heading">
            {chosen.questionId}
          </h2>
          {chosen.attempts > 0 ? <ScoreBandChart stat={chosen} /> : <p className="qbank__hint">まだ出題されていません。</p>}
          <Link to={questionEditPath(courseSlug, chosen.questionId)}>この問題を編集する</Link>
        </section>
      ) : null}
      <div className="qbank-table-wrap">
        <table className="qbank-table">
          <caption className="qbank__hint">問題ごとの統計（見出しで並べ替え）</caption>
          <thead>
            <tr>
              {header('questionId', '問題 ID')}
              <th scope="col">分野</th>
              {header('attempts', '受験数')}
              {header('pValue', '正答率 (p)')}
              {header('discrimination', '識別力')}
              {header('exposure', '出題率')}
              {header('lastDrawnAt', '最終出題')}
              <th scope="col">注意</th>
            </tr>
          </thead>
          <tbody>
            {sortedItems(stats.items, sort).map((item) => (
              <tr key={item.questionId} aria-selected={item.questionId === chosen?.questionId}>
                <td>
                  <button type="button" className="qbank-sort" onClick={() => send({ type: 'SELECT', questionId: item.questionId })}>
                    {item.questionId}
                  </button>
                </td>
                <td>{item.topic ? (stats.topicNames[item.topic] ?? item.topic) : '（公開中でない）'}</td>
                <td>{item.attempts}</td>
                <td>{ratio(item.pValue)}</td>
                <td>{item.discrimination === null ? '—' : item.discrimination.toFixed(2)}</td>
                <td>{ratio(item.exposure)}</td>
                <td>{item.lastDrawnAt ? <time dateTime={item.lastDrawnAt}>{formatJapaneseDateTime(item.lastDrawnAt)}</time> : '—'}</td>
                <td>
                  {item.flags.map((flag) => (
                    <span key={flag} className="qbank-flag">{FLAG_LABELS[flag]}</span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
