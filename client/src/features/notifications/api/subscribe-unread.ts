import type { UnreadFlags } from '@campus/contracts/notifications';
import { onConnectionChange, onServerEvent } from '../../../lib/realtime';
import { toUnreadFlags } from './get-unread-flags';

export interface UnreadSubscriber {
  /** Socket push `unread.changed` (the same shape as the unread-flags route's answer). */
  onFlags(flags: UnreadFlags): void;
  /** Socket push `announcements.changed`, sent to everyone: each learner's flags must be asked for again. */
  onStale(): void;
  /** The socket (re)connected: pushes arrive again. */
  onConnected(): void;
  /** The socket lost its connection: pushes may be missed until it reconnects. */
  onDisconnected(): void;
}

type Unsubscribe = () => void;

/** Listens to `unread.changed`, `announcements.changed` and to the connection state of the shared campus socket; returns the function that stops listening. */
export function subscribeUnread(subscriber: UnreadSubscriber): Unsubscribe {
  const stops = [
    onServerEvent('unread.changed', (flags) => subscriber.onFlags(toUnreadFlags(flags))),
    onServerEvent('announcements.changed', () => subscriber.onStale()),
    onConnectionChange((connected) => (connected ? subscriber.onConnected() : subscriber.onDisconnected())),
  ];
  return () => stops.forEach((stop) => stop());
}
