import type { AdminEventView } from '@campus/contracts/admin-events';
import { onConnectionChange, onServerEvent } from '../../../lib/realtime';

export interface AdminEventSubscriber {
  /** A domain event was appended (pushed to admins only, in batches: called once per event, oldest first). */
  onEvent(event: AdminEventView): void;
  onConnected(): void;
  /** Pushes may be missed until the socket connects again. */
  onDisconnected(): void;
}

/** Listens to `admin.events` and to the connection of the campus socket; returns the function that stops listening. */
export function subscribeAdminEvents(subscriber: AdminEventSubscriber): () => void {
  const stops = [
    onServerEvent('admin.events', (events) => events.forEach((event) => subscriber.onEvent(event))),
    onConnectionChange((connected) => (connected ? subscriber.onConnected() : subscriber.onDisconnected())),
  ];
  return () => stops.forEach((stop) => stop());
}
