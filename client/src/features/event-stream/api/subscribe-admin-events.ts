import { onConnectionChange, onServerEvent } from '../../../lib/realtime';

export interface AdminEventSubscriber {
  /** Events were committed: read the feed (the hint carries none; one may be lost, the next read finds them anyway). */
  onCommitted(): void;
  onConnected(): void;
  /** Hints may be missed until the socket connects again. */
  onDisconnected(): void;
}

/** Listens to `admin.eventsCommitted` and to the connection of the campus socket; returns the function that stops listening. */
export function subscribeAdminEvents(subscriber: AdminEventSubscriber): () => void {
  const stops = [
    onServerEvent('admin.eventsCommitted', () => subscriber.onCommitted()),
    onConnectionChange((connected) => (connected ? subscriber.onConnected() : subscriber.onDisconnected())),
  ];
  return () => stops.forEach((stop) => stop());
}
