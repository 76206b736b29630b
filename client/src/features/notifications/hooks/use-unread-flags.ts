import type { UnreadFlags } from '@campus/contracts/notifications';
import { useSelector } from '@xstate/react';
import { useContext, useMemo } from 'react';
import { NO_UNREAD } from '../api/get-unread-flags';
import { UnreadFlagsContext } from './unread-flags-context';

export { UnreadFlagsProvider } from '../components/unread-flags-provider';

const sameFlags = (a: UnreadFlags, b: UnreadFlags) =>
  a.hasUnreadNotifications === b.hasUnreadNotifications && a.hasUnreadAnnouncements === b.hasUnreadAnnouncements;

/**
 * `{ hasUnreadNotifications, hasUnreadAnnouncements }` for the header's お知らせ link and New badge.
 * Nothing is unread while logged out, before the agreements are accepted, or outside the provider.
 */
export function useUnreadFlags(): UnreadFlags {
  const actor = useContext(UnreadFlagsContext);
  return useSelector(actor ?? undefined, (snapshot) => snapshot?.context.flags ?? NO_UNREAD, sameFlags);
}

/** `refresh()` asks the server again now (e.g. after a page marked items read). */
export function useUnreadFlagsActions() {
  const actor = useContext(UnreadFlagsContext);
  return useMemo(() => ({ refresh: () => actor?.send({ type: 'SYNC' }) }), [actor]);
}
