import { PERSONAL_CACHES, RUNTIME_CACHES } from './offline-cache-rules';

/** Deletes these caches of the service worker. Never fails: a browser without Cache Storage has nothing to delete. */
async function deleteCaches(names: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(names.map((name) => caches.delete(name).catch(() => false)));
}

/**
 * Empties the service worker's caches that may hold what only the logged-in learner may read
 * (logged-in-only lessons and their slides, completion marks), so the next person on this device
 * cannot read them offline.
 */
export const forgetPersonalCaches = (): Promise<void> => deleteCaches(PERSONAL_CACHES);

/**
 * Forgets the kept answer of who is logged in, as the service worker does on a 401: for a page that
 * knows there is no session without asking (lib/session/signed-in-hint.ts), so no 401 passes the worker.
 */
export const forgetKeptSession = (): Promise<void> => deleteCaches([RUNTIME_CACHES.session]);
