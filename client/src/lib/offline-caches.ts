import { PERSONAL_CACHES, RUNTIME_CACHES } from './offline-cache-rules';

/**
 * Empties the service worker's caches that may hold what only the logged-in learner may read
 * (logged-in-only lessons and their slides, completion marks), so the next person on this device
 * cannot read them offline. Never fails: a browser without Cache Storage has nothing to empty.
 */
export async function forgetPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)));
}

/**
 * Forgets the kept answer of who is logged in, as the service worker does on a 401: for a page that
 * knows there is no session without asking (lib/session/signed-in-hint.ts), so no 401 passes the worker.
 */
export async function forgetKeptSession(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(RUNTIME_CACHES.session).catch(() => false);
}
