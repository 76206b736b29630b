import type { AdminEventView } from '../../contracts/admin-events.js';
import type { StoredEvent } from '../../database/event-store.js';

/**
 * The learner an event concerns: whom its data names, else who did it, else the user stream it belongs
 * to. The data comes first because an admin may act for a learner: a notification made by an admin's
 * message has the admin as actor but concerns the learner it names. PostgreSQL keeps the same rule as
 * the generated column `events.concerned_user_id` (schema.ts), by which the admin history filters.
 */
export function concernedUserId(event: Pick<StoredEvent, 'meta' | 'data' | 'streamType' | 'streamId'>): string | null {
  const named = (event.data as { userId?: unknown } | null)?.userId;
  return (typeof named === 'string' ? named : null) ?? event.meta.actorId ?? (event.streamType === 'user' ? event.streamId : null);
}

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
