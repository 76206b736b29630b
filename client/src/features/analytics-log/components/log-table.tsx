import type { AnalyticsLogEntry } from '@campus/contracts/analytics-log';
import { memo } from 'react';
import { AdminTableScroll } from '../../../components/admin-page';
import { formatTokyoTimestamp } from '@campus/contracts/tokyo-date';
import { REPORT_KIND_NAMES } from '../report-kinds';

const paramsText = (params: AnalyticsLogEntry['params']) => {
  const entries = Object.entries(params);
  return entries.length === 0 ? '' : entries.map(([key, value]) => `${key}=${String(value)}`).join(' ');
};

/** One report: when (Tokyo, the page's clock), what, where, whose, and its parameters. */
const LogRow = memo(function LogRow({ entry, onLearner }: { entry: AnalyticsLogEntry; onLearner(userId: string): void }) {
  const { time, date } = formatTokyoTimestamp(entry.occurredAt);
  const userId = entry.userId;
  return (
    <tr>
      <td className="analytics-log__when">
        <time dateTime={entry.occurredAt}>
          <span className="analytics-log__time">{time}</span>
          <span className="analytics-log__date">{date}</span>
        </time>
      </td>
      <td>{REPORT_KIND_NAMES[entry.kind]}</td>
      <td className="analytics-log__code">{entry.name}</td>
      <td className="analytics-log__code analytics-log__path">{entry.path}</td>
      <td>
        {userId ? (
          <button type="button" className="analytics-log__learner" title={`${userId} の記録だけを表示`} onClick={() => onLearner(userId)}>
            {entry.learnerName ?? '名前未登録'}
          </button>
        ) : (
          <span className="analytics-log__visitor">訪問者</span>
        )}
      </td>
      <td className="analytics-log__code analytics-log__params">{paramsText(entry.params)}</td>
    </tr>
  );
});

export function LogTable({ rows, busy, onLearner }: { rows: readonly AnalyticsLogEntry[]; busy: boolean; onLearner(userId: string): void }) {
  return (
    <AdminTableScroll label="アクセスログの一覧" busy={busy}>
      <table className="admin-table analytics-log__table">
        <caption>アクセスログ（新しい順）</caption>
        <thead>
          <tr>
            <th scope="col">日時</th>
            <th scope="col">種類</th>
            <th scope="col">イベント名</th>
            <th scope="col">ページ</th>
            <th scope="col">受講者</th>
            <th scope="col">パラメーター</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => (
            <LogRow key={entry.id} entry={entry} onLearner={onLearner} />
          ))}
        </tbody>
      </table>
    </AdminTableScroll>
  );
}
