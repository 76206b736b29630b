import type { AdminEventView } from '@campus/contracts/admin-events';
import { memo } from 'react';
import { formatTokyoTimestamp } from '@campus/contracts/tokyo-date';
import { prettyJson, shortId } from '../event-format';
import { eventSummary, eventTypeLabel } from '../event-labels';

/** One event: when (Tokyo), what in Japanese, whose, which stream, a readable summary, and its recorded data behind a disclosure. */
const EventRow = memo(function EventRow({ event }: { event: AdminEventView }) {
  const { time, date } = formatTokyoTimestamp(event.occurredAt);
  const summary = eventSummary(event);
  return (
    <tr>
      <td className="event-table__when">
        <time dateTime={event.occurredAt}>
          <span className="event-table__time">{time}</span>
          <span className="event-table__date">{date}</span>
        </time>
      </td>
      <td>
        <span className="event-table__type">{eventTypeLabel(event.type)}</span>
        <span className="event-table__seq">#{event.seq}</span>
      </td>
      <td>
        {event.userId ? (
          <span className="event-table__id" title={event.userId}>
            {shortId(event.userId)}
          </span>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">なし</span>
          </>
        )}
      </td>
      <td>
        <span className="event-table__id" title={`${event.streamType}/${event.streamId}`}>
          {event.streamType}/{shortId(event.streamId)}
        </span>
      </td>
      <td className="event-table__data">
        {summary ? <p className="event-table__summary">{summary}</p> : null}
        <details>
          <summary>
            記録データ<span className="visually-hidden">（#{event.seq}）</span>
          </summary>
          <p className="event-table__name">
            イベント名 <code>{event.type}</code>
          </p>
          <pre>{prettyJson(event.data)}</pre>
        </details>
      </td>
    </tr>
  );
});

export function EventTable({ rows }: { rows: readonly AdminEventView[] }) {
  return (
    <div className="event-table-wrap">
      <table className="admin-table event-table">
        <caption>イベントの一覧（新しい順）</caption>
        <thead>
          <tr>
            <th scope="col">時刻</th>
            <th scope="col">種類</th>
            <th scope="col">利用者</th>
            <th scope="col">ストリーム</th>
            <th scope="col">内容</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((event) => (
            <EventRow key={event.seq} event={event} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
