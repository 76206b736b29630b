import type { LegacyBadgeImport } from '@campus/contracts/legacy-badge-imports';
import { AdminTableScroll } from '../../admin-console/components/admin-page';

/** The end of an import: how many were imported, unchanged, not imported, and why each of the last. */
export function ImportReport({ report }: { report: LegacyBadgeImport }) {
  return (
    <section className="import-report" aria-labelledby="import-report-title">
      <h2 id="import-report-title">取り込み結果（{report.fileName}）</h2>
      <ul className="import-report__counts">
        <li>取り込み {report.importedCount} 件</li>
        <li>変更なし {report.unchangedCount} 件</li>
        <li>取り込まなかった行 {report.rejectedRows.length} 件</li>
      </ul>
      {report.rejectedRows.length > 0 ? (
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
              {report.rejectedRows.map((row) => (
                <tr key={row.line}>
                  <td className="admin-table__number">{row.line}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableScroll>
      ) : null}
    </section>
  );
}
