import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { PhraseText } from '../../../components/phrase-text';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { AdminEmpty, AdminLoadFailed, AdminLoading, AdminTableScroll } from '../../../components/admin-page';
import { importHistoryMachine } from '../machines/import-history.machine';

const STATUS_LABELS = { queued: '待機中', running: '取り込み中', done: '完了', failed: '失敗' } as const;

export interface ImportHistoryProps {
  /** Changes when an import has finished: the list is asked for again. */
  refreshKey: number;
  /** Tests pass `importHistoryMachine.provide({...})`. */
  logic?: typeof importHistoryMachine;
}

/** これまでの取り込み: the last 20 imports, newest first. */
export function ImportHistory({ refreshKey, logic = importHistoryMachine }: ImportHistoryProps) {
  const actor = useActorRef(logic);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const list = useSelector(actor, (snapshot) => snapshot.context.list);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const firstKey = useRef(refreshKey);

  useEffect(() => {
    if (refreshKey !== firstKey.current) actor.send({ type: 'REFRESH' });
  }, [actor, refreshKey]);

  let content;
  if (state === 'failed') {
    content = <AdminLoadFailed message={error ?? 'これまでの取り込みを読み込めませんでした。'} onRetry={() => actor.send({ type: 'RETRY' })} />;
  } else if (!list) {
    content = <AdminLoading label="これまでの取り込みを読み込み中" />;
  } else if (list.items.length === 0) {
    content = <AdminEmpty>まだ取り込みはありません。</AdminEmpty>;
  } else {
    content = (
      <AdminTableScroll label="これまでの取り込みの表" busy={state === 'loading'}>
        <table className="admin-table">
          <caption>これまでの取り込み（新しい順に 20 件まで）</caption>
          <thead>
            <tr>
              <th scope="col">依頼日時</th>
              <th scope="col">ファイル</th>
              <th scope="col">状態</th>
              <th scope="col" className="admin-table__number">
                処理した行
              </th>
              <th scope="col" className="admin-table__number">
                取り込み
              </th>
              <th scope="col" className="admin-table__number">
                変更なし
              </th>
              <th scope="col" className="admin-table__number">
                取り込まなかった行
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={item.importId}>
                <td>
                  <time dateTime={item.requestedAt}>{formatJapaneseDateTime(item.requestedAt)}</time>
                </td>
                <td>{item.fileName}</td>
                <td>{STATUS_LABELS[item.status]}</td>
                <td className="admin-table__number">
                  {item.processedRows} / {item.totalRows}
                </td>
                <td className="admin-table__number">{item.importedCount}</td>
                <td className="admin-table__number">{item.unchangedCount}</td>
                <td className="admin-table__number">{item.rejectedCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableScroll>
    );
  }

  return (
    <section className="import-history" aria-labelledby="import-history-title">
      <h2 id="import-history-title"><PhraseText text="これまでの取り込み" /></h2>
      {content}
    </section>
  );
}
