import { useActorRef, useSelector } from '@xstate/react';
import { AdminEmpty, AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { PhraseText } from '../../../components/phrase-text';
import { tokyoDay } from '@campus/contracts/tokyo-date';
import { analyticsLogMachine, selectIsFiltered, selectIsLoadingMore, selectListStatus, selectSummaryStatus } from '../machines/analytics-log.machine';
import { LogFilterForm } from './log-filter-form';
import { LogTable } from './log-table';
import { SummarySection } from './summary-section';
import './analytics-log.css';

/** Filter fields the form shows errors for; another field's error is shown over the list. */
const FORM_FIELDS = ['kind', 'name', 'path', 'userId'];

export interface AnalyticsLogViewProps {
  /** Tests pass `analyticsLogMachine.provide({...})`. */
  logic?: typeof analyticsLogMachine;
  /** The clock the default range ends at. */
  now?: () => Date;
}

/**
 * The body of /admin/analytics-log (the page frame gives the heading): what the campus's pages
 * reported — a summary over a range of days, then the reports newest first. Behaviour is
 * `analyticsLogMachine`'s.
 */
export function AnalyticsLogView({ logic = analyticsLogMachine, now = () => new Date() }: AnalyticsLogViewProps) {
  const actor = useActorRef(logic, { input: { today: tokyoDay(now()) } });
  const summaryStatus = useSelector(actor, selectSummaryStatus);
  const listStatus = useSelector(actor, selectListStatus);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const filtered = useSelector(actor, selectIsFiltered);
  const context = useSelector(actor, (snapshot) => snapshot.context);

  const { listError, rows, moreError } = context;
  const formError = listStatus === 'failed' && listError?.field && FORM_FIELDS.includes(listError.field) ? listError : null;
  const knownNames = [...new Set(context.summary?.names.map((row) => row.name) ?? [])];

  return (
    <div className="analytics-log">
      <p>キャンパスのページから届いたページビュー・イベント・ゴールの記録です。記録は 180 日間保存されます。</p>
      <SummarySection
        status={summaryStatus}
        form={context.rangeForm}
        summary={context.summary}
        rangeError={context.rangeError}
        loadError={context.summaryError}
        onEdit={(field, value) => actor.send({ type: 'EDIT_RANGE', field, value })}
        onApply={() => actor.send({ type: 'APPLY_RANGE' })}
        onRetry={() => actor.send({ type: 'RETRY_SUMMARY' })}
      />

      <section className="analytics-log__section" aria-labelledby="analytics-log-list-heading">
        <h2 id="analytics-log-list-heading"><PhraseText text="記録の一覧" /></h2>
        <LogFilterForm
          form={context.filterForm}
          filtered={filtered}
          knownNames={knownNames}
          error={formError}
          onEdit={(field, value) => actor.send({ type: 'EDIT_FILTER', field, value })}
          onApply={() => actor.send({ type: 'APPLY_FILTERS' })}
          onClear={() => actor.send({ type: 'CLEAR_FILTERS' })}
        />

        {listStatus === 'failed' && listError !== null && formError === null ? (
          <AdminLoadFailed message={listError.message} onRetry={() => actor.send({ type: 'RETRY_LIST' })} />
        ) : null}
        {listStatus === 'loading' ? <AdminLoading label="アクセスログを読み込んでいます" /> : null}
        {listStatus === 'ready' && rows.length === 0 ? (
          <AdminEmpty>{filtered ? 'この条件に合う記録はありません。' : '記録はまだありません。'}</AdminEmpty>
        ) : null}
        {listStatus === 'ready' && rows.length > 0 ? (
          <LogTable rows={rows} busy={loadingMore} onLearner={(userId) => actor.send({ type: 'FILTER_BY_LEARNER', userId })} />
        ) : null}

        {listStatus === 'ready' && (context.nextBefore !== null || moreError) ? (
          <div className="analytics-log__more">
            {moreError ? (
              <p className="admin-field__error" role="alert">
                {moreError}
              </p>
            ) : null}
            {context.nextBefore !== null ? (
              <button type="button" className="button" disabled={loadingMore} aria-busy={loadingMore || undefined} onClick={() => actor.send({ type: 'LOAD_MORE' })}>
                もっと見る
              </button>
            ) : null}
          </div>
        ) : null}
      </section>
    </div>
  );
}
