import type { AdminEventView } from '@campus/contracts/admin-events';
import { onConnectionChange, onServerEvent } from '../../../lib/realtime';

export interface AdminEventSubscriber {
  /** Socket push `admin.event`: a domain event was appended (sent to admins only). */
  onEvent(event: AdminEventView): void;
  onConnected(): void;
  /** Pushes may be missed until the socket connects again. */
  onDisconnected(): void;
}

/** Listens to `admin.event` and to the connection of the campus socket; returns the function that stops listening. */
export function subscribeAdminEvents(subscriber: AdminEventSubscriber): () => void {
  const stops = [
    onServerEvent('admin.event', (event) => subscriber.onEvent(event)),
    onConnectionChange((connected) => (connected ? subscriber.onConnected() : subscriber.onDisconnected())),
  ];
  return () => stops.forEach((stop) => stop());
}
