import type { InstallPrompt } from './machines/app-updates.machine';

export type BeforeInstallPromptEvent = Event & InstallPrompt;

/**
 * The browser may offer installation before the app watches for it: the first paint waits for the
 * first page, and the notices' own code (browser-sources.ts) loads after it. This small part runs
 * from the app's start (main.tsx), catches the offer and hands it over when the watching begins.
 */
let offerBeforeWatching: BeforeInstallPromptEvent | null = null;

const keepEarlyOffer = (event: Event) => {
  // The browser's own mini bar stays away: the campus makes its own offer.
  event.preventDefault();
  offerBeforeWatching = event as BeforeInstallPromptEvent;
};

export function catchEarlyInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', keepEarlyOffer);
}

/** The offer caught so far (once), and no more catching: the watcher listens itself from now on. */
export function takeEarlyInstallOffer(): BeforeInstallPromptEvent | null {
  window.removeEventListener('beforeinstallprompt', keepEarlyOffer);
  const offer = offerBeforeWatching;
  offerBeforeWatching = null;
  return offer;
}
