import type { AnalyticsSummary } from '@campus/contracts/analytics-log';
import { AdminLoadFailed, AdminLoading, AdminTableScroll } from '../../../components/admin-page';
import { PhraseText } from '../../../components/phrase-text';
import type { SummaryRange } from '../api/get-analytics-summary';
import type { ShownError, SummaryStatus } from '../machines/analytics-log.machine';
import { REPORT_KIND_NAMES } from '../report-kinds';

export interface SummarySectionProps {
  status: SummaryStatus;
  form: SummaryRange;
  summary: AnalyticsSummary | null;
  rangeError: ShownError | null;
  loadError: string | null;
  onEdit(field: keyof SummaryRange, value: string): void;
  onApply(): void;
  onRetry(): void;
}

const RANGE_ERROR_ID = 'analytics-log-range-error';
const count = (value: number) => `${value.toLocaleString('ja-JP')} 件`;

/** 集計: a range of days (Japan time), the totals, the most frequent names and the most viewed pages. */
export function SummarySection({ status, form, summary, rangeError, loadError, onEdit, onApply, onRetry }: SummarySectionProps) {
  // The server names from or to; `from` also carries a refusal of the range as a whole.
  const invalid = (field: keyof SummaryRange) =>
    rangeError !== null && (rangeError.field === field || (field === 'from' && rangeError.field !== 'to')) ? { 'aria-invalid': true, 'aria-describedby': RANGE_ERROR_ID } : {};
  const loading = status === 'loading';
  return (
    <section className="analytics-log__section" aria-labelledby="analytics-log-summary-heading">
      <h2 id="analytics-log-summary-heading"><PhraseText text="集計" /></h2>
      <form
        className="analytics-log__form"
        aria-label="集計の期間"
        onSubmit={(submit) => {
          submit.preventDefault();
          onApply();
        }}
      >
        <label className="admin-field">
          <span className="admin-field__label">開始日</span>
          <input className="admin-field__control" type="date" value={form.from} onChange={(change) => onEdit('from', change.target.value)} {...invalid('from')} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">終了日</span>
          <input className="admin-field__control" type="date" value={form.to} onChange={(change) => onEdit('to', change.target.value)} {...invalid('to')} />
        </label>
        <button type="submit" className="button button--primary" disabled={loading}>
          集計する
        </button>
        {rangeError ? (
          <p id={RANGE_ERROR_ID} className="admin-field__error analytics-log__form-error" role="alert">
            {rangeError.message}
          </p>
        ) : null}
      </form>

      {status === 'failed' && loadError !== null ? <AdminLoadFailed message={loadError} onRetry={onRetry} /> : null}
      {loading && summary === null ? <AdminLoading label="集計を読み込んでいます" /> : null}

      {summary !== null && status !== 'failed' ? (
        <div className="analytics-log__summary" aria-busy={loading || undefined}>
          <p className="analytics-log__range">
            {summary.from} 〜 {summary.to} の集計{loading ? '（更新中…）' : ''}
          </p>
          <dl className="analytics-log__totals">
            <div>
              <dt>{REPORT_KIND_NAMES.page_view}</dt>
              <dd>{count(summary.totals.pageViews)}</dd>
            </div>
            <div>
              <dt>{REPORT_KIND_NAMES.event}</dt>
              <dd>{count(summary.totals.events)}</dd>
            </div>
            <div>
              <dt>{REPORT_KIND_NAMES.goal}</dt>
              <dd>{count(summary.totals.goals)}</dd>
            </div>
          </dl>
          {summary.names.length === 0 ? (
            <p className="analytics-log__empty">この期間の記録はありません。</p>
          ) : (
            <div className="analytics-log__tables">
              <AdminTableScroll label="名前ごとの件数">
                <table className="admin-table">
                  <caption>名前ごとの件数（上位 20）</caption>
                  <thead>
                    <tr>
                      <th scope="col">名前</th>
                      <th scope="col">種類</th>
                      <th scope="col" className="admin-table__number">
                        件数
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.names.map((row) => (
                      <tr key={`${row.kind}/${row.name}`}>
                        <td className="analytics-log__code">{row.name}</td>
                        <td>{REPORT_KIND_NAMES[row.kind]}</td>
                        <td className="admin-table__number">{row.count.toLocaleString('ja-JP')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </AdminTableScroll>
              <AdminTableScroll label="よく見られたページ">
                <table className="admin-table">
                  <caption>よく見られたページ（上位 20）</caption>
                  <thead>
                    <tr>
                      <th scope="col">パス</th>
                      <th scope="col" className="admin-table__number">
                        ページビュー
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.paths.length === 0 ? (
                      <tr>
                        <td colSpan={2}>この期間のページビューはありません。</td>
                      </tr>
                    ) : (
                      summary.paths.map((row) => (
                        <tr key={row.path}>
                          <td className="analytics-log__code analytics-log__path">{row.path}</td>
                          <td className="admin-table__number">{row.count.toLocaleString('ja-JP')}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </AdminTableScroll>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
