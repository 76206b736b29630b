import type { DomainEvent, UnitOfWork } from '../../database/event-store.js';
import { MAIL_PREFERENCES_STREAM } from './events.js';

/**
 * Appends to the learner's `mail-preferences` stream after its last event, the stream locked first so two
 * saves of one learner queue rather than clash (the later one's whole set wins, as the learner last chose).
 */
export async function appendToOwnStream({ append, lockStream }: UnitOfWork, userId: string, event: DomainEvent): Promise<void> {
  const version = await lockStream(MAIL_PREFERENCES_STREAM, userId);
  await append({ streamType: MAIL_PREFERENCES_STREAM, streamId: userId, expectedVersion: version }, [event]);
}
