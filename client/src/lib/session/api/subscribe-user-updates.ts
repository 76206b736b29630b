import type { CurrentUser } from '@campus/contracts/current-user';
import { onServerEvent } from '../../realtime';

/** Socket push `user.updated` (same shape as `getMe`'s answer); returns the unsubscribe function. */
export function subscribeUserUpdates(listener: (user: CurrentUser) => void): () => void {
  return onServerEvent('user.updated', listener);
}
