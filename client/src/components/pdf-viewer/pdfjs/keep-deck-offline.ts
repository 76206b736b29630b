import { afterNextPaint } from '../../../lib/after-next-paint';
import { PDFJS_FILES } from './pdfjs-files';

/** How long a busy page may put the fetch off; after that it starts anyway, still at low priority. */
const IDLE_TIMEOUT_MS = 10_000;
/** Browsers without requestIdleCallback (Safari) wait this long after the page has loaded instead. */
const IDLE_FALLBACK_MS = 2_000;

interface NetworkFacts {
  onLine: boolean;
  serviceWorker?: { controller: unknown } | undefined;
  connection?: { saveData?: boolean } | undefined;
}

/**
 * Whether a deck is worth fetching before it is paged: only a service worker keeps it for reading
 * offline (without one the fetch buys nothing), and never against the learner's data-saver setting.
 */
export function mayKeepForOffline(facts: NetworkFacts): boolean {
  return facts.onLine && Boolean(facts.serviceWorker?.controller) && facts.connection?.saveData !== true;
}

const untilAborted = (signal: AbortSignal, wait: (done: () => void) => () => void): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const stop = wait(resolve);
    signal.addEventListener('abort', () => (stop(), resolve()), { once: true });
  });

const pageLoaded = (signal: AbortSignal) =>
  untilAborted(signal, (done) => {
    if (document.readyState === 'complete') {
      done();
      return () => {};
    }
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  });

const browserIdle = (signal: AbortSignal) =>
  untilAborted(signal, (done) => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => done(), { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(done, IDLE_FALLBACK_MS);
    return () => clearTimeout(timer);
  });

/**
 * A deck shown as the picture of its first slide needs pdf.js only when the learner pages. Read
 * offline later, the learner could not page it unless the deck and pdf.js had been fetched once: so,
 * after the page has loaded (its picture first) and the browser is idle, the deck, pdf.js and its
 * worker are fetched at low priority, through the service worker, which keeps them (sw.ts). Their
 * bytes are only read, never run: nothing of pdf.js starts on the page meanwhile. Aborting (the learner
 * paged and the viewer loads the deck itself, or left the lesson) stops it.
 */
export async function keepDeckForOffline(deckUrl: string, signal: AbortSignal, network: NetworkFacts = navigator): Promise<void> {
  await afterNextPaint();
  await pageLoaded(signal);
  await browserIdle(signal);
  for (const url of [deckUrl, PDFJS_FILES.library, PDFJS_FILES.worker]) {
    if (signal.aborted || !mayKeepForOffline(network)) return;
    try {
      const response = await fetch(url, { priority: 'low', signal });
      // Read through and let go, piece by piece: the worker keeps the file, the page need not hold a large deck.
      const reader = response.body?.getReader();
      if (reader) while (!(await reader.read()).done);
    } catch {
      // Only the offline copy is missed: paged online, the viewer fetches for itself.
      return;
    }
  }
}
