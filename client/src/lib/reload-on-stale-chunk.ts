/**
 * Spec §8: after a deploy, an open tab may ask for a chunk that no longer exists. Reload once to
 * get the new build — but not again within 10 seconds, so a real outage does not loop.
 */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = 'campus:stale-chunk-reload-at';

export function shouldReload(now: number, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  const last = Number(storage.getItem(STORAGE_KEY));
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  return true;
}

export function reloadOnStaleChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    let reload: boolean;
    try {
      reload = shouldReload(Date.now(), window.sessionStorage);
    } catch {
      reload = false; // storage unavailable: let the error surface instead of risking a loop
    }
    if (!reload) return;
    event.preventDefault();
    window.location.reload();
  });
}
