import { FAILED_JOB_PAGE_SIZE } from '@campus/contracts/queue-health';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { PhraseText } from '../../../components/phrase-text';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { queueHealthMachine, selectFailedStatus, selectIsRefreshPaused } from '../machines/queue-health.machine';
import { FailedJobsTable } from './failed-jobs-table';
import { QueueCard } from './queue-card';
import { ScheduledJobsTable } from './scheduled-jobs-table';
import './queue-health.css';

export interface QueueHealthViewProps {
  /** Tests pass `queueHealthMachine.provide({...})`. */
  logic?: typeof queueHealthMachine;
}

function LoadingBlocks({ label }: { label: string }) {
  return (
    <div className="queue-health__skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      <div className="page-skeleton__block" aria-hidden="true" />
      <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
    </div>
  );
}

/** What the last action of a section did (a live status, kept in the page so it is announced) or why it failed. */
function ActionOutcome({ notice, error }: { notice: string | null; error: string | null }) {
  return (
    <>
      <p className="failed-jobs__notice" role="status">
        {notice ?? ''}
      </p>
      {error ? (
        <p className="failed-jobs__action-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * The body of /admin/queues (the page frame gives the heading): job counts per queue, refreshed every
 * 5 s while visible, the failed jobs, which can be retried, and the clock-driven jobs, which can be run now.
 */
export function QueueHealthView({ logic = queueHealthMachine }: QueueHealthViewProps) {
  const actor = useActorRef(logic);
  const health = useSelector(actor, (snapshot) => snapshot.context.health);
  const healthError = useSelector(actor, (snapshot) => snapshot.context.healthError);
  const updatedAt = useSelector(actor, (snapshot) => snapshot.context.updatedAt);
  const refreshPaused = useSelector(actor, selectIsRefreshPaused);
  const status = useSelector(actor, selectFailedStatus);
  const queueName = useSelector(actor, (snapshot) => snapshot.context.queueName);
  const page = useSelector(actor, (snapshot) => snapshot.context.failedPage);
  const failedError = useSelector(actor, (snapshot) => snapshot.context.failedError);
  const retryingJobId = useSelector(actor, (snapshot) => snapshot.context.retryingJobId);
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice);
  const actionError = useSelector(actor, (snapshot) => snapshot.context.actionError);
  const runningJobName = useSelector(actor, (snapshot) => snapshot.context.runningSchedule?.jobName ?? null);
  const scheduleNotice = useSelector(actor, (snapshot) => snapshot.context.scheduleNotice);
  const scheduleError = useSelector(actor, (snapshot) => snapshot.context.scheduleError);

  // After the confirmation closes, focus goes back to the button that opened it.
  const retryAllButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (wasConfirming.current && status !== 'confirming') retryAllButton.current?.focus();
    wasConfirming.current = status === 'confirming';
  }, [status]);

  const busy = status === 'retrying' || status === 'confirming';
  const total = page?.total ?? 0;
  const offset = page?.offset ?? 0;

  return (
    <div className="queue-health">
      <p className="queue-health__meta">
        {refreshPaused ? '画面が表示されていない間は自動更新を止めています。' : '5 秒ごとに自動で更新します。'}
        {updatedAt ? ` 最終更新: ${formatJapaneseDateTime(updatedAt)}` : ''}
      </p>

      <h2 id="queue-health-cards-heading"><PhraseText text="キューの状態" /></h2>
      {healthError ? (
        <div className="queue-health__error" role="alert">
          <p>{healthError}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'REFRESH' })}>
            再試行
          </button>
        </div>
      ) : null}

      {health === null && healthError === null ? <LoadingBlocks label="キューの状態を読み込んでいます…" /> : null}

      {health ? (
        <ul className="queue-health__cards" aria-labelledby="queue-health-cards-heading">
          {health.queues.map((queue) => (
            <li key={queue.name}>
              <QueueCard queue={queue} />
            </li>
          ))}
          <li>
            <article className="queue-card" aria-labelledby="queue-card-outbox">
              <h3 id="queue-card-outbox" className="queue-card__name">
                <PhraseText text="イベントの中継" />
              </h3>
              <p className={`queue-card__outbox${health.unrelayedEvents > 0 ? ' queue-card__outbox--pending' : ''}`}>
                未中継のイベント {health.unrelayedEvents.toLocaleString('ja-JP')}
              </p>
            </article>
          </li>
        </ul>
      ) : null}
      {health && health.queues.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__message">キューがありません。</p>
        </div>
      ) : null}

      {queueName !== null ? (
        <section className="failed-jobs" aria-labelledby="failed-jobs-heading">
          <h2 id="failed-jobs-heading"><PhraseText text="失敗したジョブ" /></h2>
          <div className="failed-jobs__bar">
            {health && health.queues.length > 1 ? (
              <div className="failed-jobs__queue">
                <label htmlFor="failed-jobs-queue">キュー</label>
                <select
                  id="failed-jobs-queue"
                  value={queueName}
                  disabled={busy}
                  onChange={(change) => actor.send({ type: 'SELECT_QUEUE', queueName: change.target.value })}
                >
                  {health.queues.map((queue) => (
                    <option key={queue.name} value={queue.name}>
                      {queue.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <button
              ref={retryAllButton}
              type="button"
              className="button"
              disabled={busy || total === 0 || status !== 'ready'}
              aria-busy={(status === 'retrying' && retryingJobId === null) || undefined}
              onClick={() => actor.send({ type: 'RETRY_ALL' })}
            >
              すべて再実行
            </button>
          </div>

          {status === 'confirming' ? (
            <div className="failed-jobs__confirm" role="alertdialog" aria-labelledby="failed-jobs-confirm-text">
              <p id="failed-jobs-confirm-text">失敗したジョブ {total} 件をすべて再実行しますか？</p>
              <div className="failed-jobs__confirm-actions">
                <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'CONFIRM' })}>
                  再実行する
                </button>
                {/* The safe choice has the focus. */}
                <button type="button" className="button" autoFocus onClick={() => actor.send({ type: 'CANCEL' })}>
                  キャンセル
                </button>
              </div>
            </div>
          ) : null}

          <ActionOutcome notice={notice} error={actionError} />

          {status === 'error' ? (
            <div className="empty-state" role="alert">
              <p className="empty-state__message">{failedError}</p>
              <button type="button" className="button" onClick={() => actor.send({ type: 'RELOAD_FAILED' })}>
                再読み込み
              </button>
            </div>
          ) : null}

          {page === null && status === 'loading' ? <LoadingBlocks label="失敗したジョブを読み込んでいます…" /> : null}

          {page !== null && status !== 'error' && total === 0 ? (
            <div className="empty-state">
              <p className="empty-state__message">失敗したジョブはありません。</p>
            </div>
          ) : null}

          {page !== null && status !== 'error' && page.items.length > 0 ? (
            <div aria-busy={status === 'loading' || undefined}>
              <FailedJobsTable
                queueName={queueName}
                jobs={page.items}
                retryingJobId={status === 'retrying' ? retryingJobId : null}
                busy={busy}
                onRetry={(jobId) => actor.send({ type: 'RETRY_JOB', jobId })}
              />
              {total > FAILED_JOB_PAGE_SIZE ? (
                <nav className="failed-jobs__pager" aria-label="失敗したジョブのページ送り">
                  <button
                    type="button"
                    className="button"
                    disabled={offset === 0 || status !== 'ready'}
                    onClick={() => actor.send({ type: 'SHOW_PAGE', offset: Math.max(0, offset - FAILED_JOB_PAGE_SIZE) })}
                  >
                    前の {FAILED_JOB_PAGE_SIZE} 件
                  </button>
                  <p className="failed-jobs__position">
                    {offset + 1}–{offset + page.items.length} 件目 / 全 {total} 件
                  </p>
                  <button
                    type="button"
                    className="button"
                    disabled={offset + FAILED_JOB_PAGE_SIZE >= total || status !== 'ready'}
                    onClick={() => actor.send({ type: 'SHOW_PAGE', offset: offset + FAILED_JOB_PAGE_SIZE })}
                  >
                    次の {FAILED_JOB_PAGE_SIZE} 件
                  </button>
                </nav>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}

      {health?.queues.some((queue) => queue.schedules.length > 0) ? (
        <section className="scheduled-jobs" aria-labelledby="scheduled-jobs-heading">
          <h2 id="scheduled-jobs-heading"><PhraseText text="定期ジョブ" /></h2>
          <p className="queue-health__meta">予定の時刻を待たずに 1 回実行できます。予定はそのまま残ります。</p>
          <ActionOutcome notice={scheduleNotice} error={scheduleError} />
          {health.queues
            .filter((queue) => queue.schedules.length > 0)
            .map((queue) => (
              <ScheduledJobsTable
                key={queue.name}
                queueName={queue.name}
                schedules={queue.schedules}
                runningJobName={runningJobName}
                onRun={(jobName) => actor.send({ type: 'RUN_SCHEDULE', queueName: queue.name, jobName })}
              />
            ))}
        </section>
      ) : null}
    </div>
  );
}
