import { sql, type SQL } from 'drizzle-orm';
import type { AdminEventView } from '../contracts/admin-events.js';
import type { StoredEvent } from '../database/event-store.js';

/**
 * The learner an event concerns: whom its data names, else who did it, else the user stream it belongs
 * to. The data comes first because an admin may act for a learner: a notification made by an admin's
 * message has the admin as actor but concerns the learner it names.
 */
export function concernedUserId(event: Pick<StoredEvent, 'meta' | 'data' | 'streamType' | 'streamId'>): string | null {
  const named = (event.data as { userId?: unknown } | null)?.userId;
  return (typeof named === 'string' ? named : null) ?? event.meta.actorId ?? (event.streamType === 'user' ? event.streamId : null);
}

/** `concernedUserId` as SQL over the `events` table, so the history filters in the database with the same meaning. */
export const concernedUserIdSql: SQL<string | null> = sql`coalesce(
  case when jsonb_typeof(data->'userId') = 'string' then data->>'userId' end,
  meta->>'actorId',
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
