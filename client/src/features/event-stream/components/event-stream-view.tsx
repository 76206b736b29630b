import { useActorRef, useSelector } from '@xstate/react';
import {
  eventStreamMachine,
  selectConnection,
  selectFeedFailed,
  selectHistoryStatus,
  selectIsCatchingUp,
  selectIsLoadingMore,
  selectIsPaused,
  type ConnectionStatus,
} from '../machines/event-stream.machine';
import { EventFilterForm } from './event-filter-form';
import { EventTable } from './event-table';
import './event-stream.css';

const CONNECTION_LABELS: Record<ConnectionStatus, string> = {
  connecting: '接続しています…',
  connected: '接続中',
  reconnecting: '再接続中…',
};

/** Filter fields the form shows errors for; another field's error is shown over the list. */
const FORM_FIELDS = ['type', 'userId'];

export interface EventStreamViewProps {
  /** Tests pass `eventStreamMachine.provide({...})`. */
  logic?: typeof eventStreamMachine;
}

/**
 * The body of /admin/events (the page frame gives the heading): domain events as they happen, and the
 * history below them. Behaviour is `eventStreamMachine`'s.
 */
export function EventStreamView({ logic = eventStreamMachine }: EventStreamViewProps) {
  const actor = useActorRef(logic);
  const status = useSelector(actor, selectHistoryStatus);
  const connection = useSelector(actor, selectConnection);
  const paused = useSelector(actor, selectIsPaused);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const catchingUp = useSelector(actor, selectIsCatchingUp);
  const feedFailed = useSelector(actor, selectFeedFailed);
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows);
  const bufferCount = useSelector(actor, (snapshot) => snapshot.context.buffer.length);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const filters = useSelector(actor, (snapshot) => snapshot.context.filters);
  const types = useSelector(actor, (snapshot) => snapshot.context.knownTypes);
  const loadError = useSelector(actor, (snapshot) => snapshot.context.loadError);
  const moreError = useSelector(actor, (snapshot) => snapshot.context.moreError);
  const hasOlder = useSelector(actor, (snapshot) => snapshot.context.nextBefore !== null);

  const failed = status === 'failed' && loadError !== null;
  const formError = failed && loadError.field !== null && FORM_FIELDS.includes(loadError.field) ? loadError : null;
  const filtered = filters.type !== '' || filters.userId !== '';

  return (
    <div className="event-stream" aria-busy={status === 'loading' || catchingUp || undefined}>

      <div className="event-stream__toolbar">
        <p className={`event-stream__connection event-stream__connection--${connection}`} role="status">
          <span className="event-stream__dot" aria-hidden="true" />
          {CONNECTION_LABELS[connection]}
        </p>
        <button type="button" className="button" onClick={() => actor.send({ type: paused ? 'RESUME' : 'PAUSE' })}>
          {paused ? '再開' : '一時停止'}
        </button>
        <p className="event-stream__buffered" role="status">
          {paused ? `新着 ${bufferCount} 件` : ''}
        </p>
        <p className="event-stream__catching-up" role="status">
          {catchingUp ? '最新のイベントに追いついています…' : ''}
        </p>
      </div>

      <EventFilterForm
        draft={draft}
        filtered={filtered}
        types={types}
        error={formError}
        onTypeChange={(value) => actor.send({ type: 'SET_TYPE', value })}
        onUserIdChange={(value) => actor.send({ type: 'SET_USER_ID', value })}
        onApply={() => actor.send({ type: 'APPLY' })}
        onClear={() => actor.send({ type: 'CLEAR_FILTERS' })}
      />

      {feedFailed ? (
        <div className="event-stream__notice" role="alert">
          <p>新しいイベントを取得できませんでした。しばらくすると自動でもう一度取得します。</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY_FEED' })}>
            もう一度取得
          </button>
        </div>
      ) : null}

      {failed && formError === null ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__message">{loadError.message}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            再試行
          </button>
        </div>
      ) : null}

      {status === 'loading' && rows.length === 0 ? (
        <div className="event-stream__skeleton" role="status">
          <span className="visually-hidden">イベントを読み込んでいます…</span>
          <div className="page-skeleton__block" aria-hidden="true" />
          <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
          <div className="page-skeleton__block" aria-hidden="true" />
        </div>
      ) : null}

      {status === 'ready' && rows.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__message">
            {filtered ? 'この条件に合うイベントはありません。' : 'イベントはまだありません。'}新しいイベントはここに表示されます。
          </p>
        </div>
      ) : null}

      {rows.length > 0 ? <EventTable rows={rows} /> : null}

      {status === 'ready' && (hasOlder || moreError) ? (
        <div className="event-stream__more">
          {moreError ? (
            <p className="event-stream__more-error" role="alert">
              {moreError}
            </p>
          ) : null}
          {hasOlder ? (
            <button
              type="button"
              className="button"
              disabled={loadingMore}
              aria-busy={loadingMore || undefined}
              onClick={() => actor.send({ type: 'LOAD_MORE' })}
            >
              もっと見る
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
