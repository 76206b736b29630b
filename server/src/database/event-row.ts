import type { EventMeta, StoredEvent } from './event-store.js';

/** An `events` row as a raw SELECT returns it. */
export interface EventRow {
  seq: string | number;
  id: string;
  stream_type: string;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  meta: EventMeta;
  occurred_at: string | Date;
}

export const toStoredEvent = (row: EventRow): StoredEvent => ({
  seq: Number(row.seq),
  id: row.id,
  streamType: row.stream_type,
  streamId: row.stream_id,
  version: row.version,
  type: row.type,
  data: row.data,
  meta: row.meta,
  occurredAt: new Date(row.occurred_at).toISOString(),
});
