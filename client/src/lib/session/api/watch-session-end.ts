import { isApiError } from '../../api-client';
import { onSessionEnded, reopenSocket, type SessionEnd } from '../../realtime';
import { getMe } from './get-me';

/**
 * Longer than the few seconds an API process may still honour a session ended on another process
 * (server `RESOLVED_SESSION_TTL_MS`): a second look after this is authoritative.
 */
export const SESSION_RECHECK_MS = 5_000;

/**
 * Follows the server ending the socket's session (logout in another tab or device, expiry). The
 * current-user route (`getMe`) decides: 401 → `onEnded` (the logged-out UI). A session still alive
 * after a server disconnect gets its socket back; after a refused handshake it is asked once more
 * later and the socket is not retried, so a dead cookie never makes a loop of handshakes. Returns
 * the unsubscribe.
 */
export function watchSessionEnd(onEnded: () => void): () => void {
  let active = true;
  let recheck: ReturnType<typeof setTimeout> | undefined;

  const check = (end: SessionEnd, again: boolean) => {
    getMe().then(
      () => {
        if (!active) return;
        if (end === 'disconnected') reopenSocket();
        else if (again) recheck = setTimeout(() => check(end, false), SESSION_RECHECK_MS);
      },
      (error: unknown) => {
        if (active && isApiError(error) && error.status === 401) onEnded();
      },
    );
  };

  const stop = onSessionEnded((end) => {
    clearTimeout(recheck);
    check(end, true);
  });
  return () => {
    active = false;
    clearTimeout(recheck);
    stop();
  };
}
