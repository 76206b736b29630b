import { sql, type SQL } from 'drizzle-orm';
import type { AdminEventView } from '../../contracts/admin-events.js';
import type { StoredEvent } from '../../database/event-store.js';

/** The learner an event concerns: who did it, else whom its data names, else the user stream it belongs to. */
export function concernedUserId(event: Pick<StoredEvent, 'meta' | 'data' | 'streamType' | 'streamId'>): string | null {
  const named = (event.data as { userId?: unknown } | null)?.userId;
  return event.meta.actorId ?? (typeof named === 'string' ? named : null) ?? (event.streamType === 'user' ? event.streamId : null);
}

/** `concernedUserId` as SQL over the `events` table, so the history filters in the database with the same meaning. */
export const concernedUserIdSql: SQL<string | null> = sql`coalesce(
  meta->>'actorId',
  case when jsonb_typeof(data->'userId') = 'string' then data->>'userId' end,
  case when stream_type = 'user' then stream_id end
)`;

export const adminEventView = (event: StoredEvent): AdminEventView => ({
  seq: event.seq,
  type: event.type,
  streamType: event.streamType,
  streamId: event.streamId,
  actorId: event.meta.actorId ?? null,
  userId: concernedUserId(event),
  occurredAt: event.occurredAt,
  data: event.data,
});
