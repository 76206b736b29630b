import { PERSONAL_CACHES } from './offline-cache-rules';

/**
 * Empties the service worker's caches that may hold what only the logged-in learner may read
 * (logged-in-only lessons and their slides, completion marks), so the next person on this device
 * cannot read them offline. Never fails: a browser without Cache Storage has nothing to empty.
 */
export async function forgetPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
