import type { LegacyBadgeImport, LegacyBadgeImportSummary } from '@campus/contracts/legacy-badge-imports';
import { AdminLoadFailed, AdminLoading, AdminTableScroll } from '../../../components/admin-page';

export interface ImportReportProps {
  /** The final counts (the last push). */
  summary: LegacyBadgeImportSummary;
  /** The same import with its rejected rows, once fetched. */
  report: LegacyBadgeImport | null;
  reportError: string | null;
  onRetry: () => void;
}

/** The end of an import: how many were imported, unchanged, not imported, and why each of the last. */
export function ImportReport({ summary, report, reportError, onRetry }: ImportReportProps) {
  return (
    <section className="import-report" aria-labelledby="import-report-title">
      <h2 id="import-report-title">取り込み結果（{summary.fileName}）</h2>
      <ul className="import-report__counts">
        <li>取り込み {summary.importedCount} 件</li>
        <li>変更なし {summary.unchangedCount} 件</li>
        <li>取り込まなかった行 {summary.rejectedCount} 件</li>
      </ul>
      {summary.rejectedCount === 0 ? null : reportError !== null ? (
        <AdminLoadFailed message={reportError} onRetry={onRetry} />
      ) : report === null ? (
        <AdminLoading label="取り込まなかった行を読み込んでいます" />
      ) : (
        <RejectedRowsTable rows={report.rejectedRows} />
      )}
    </section>
  );
}

function RejectedRowsTable({ rows }: { rows: LegacyBadgeImport['rejectedRows'] }) {
  return (
    <AdminTableScroll label="取り込まなかった行の表">
      <table className="admin-table">
        <caption>取り込まなかった行</caption>
        <thead>
          <tr>
            <th scope="col" className="admin-table__number">
              行
            </th>
            <th scope="col">理由</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line}>
              <td className="admin-table__number">{row.line}</td>
              <td>{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableScroll>
  );
}
