import { Workbox } from 'workbox-window';
import { fromCallback, type EventObject } from 'xstate';
import { takeEarlyInstallOffer, type BeforeInstallPromptEvent } from './early-install-offer';
import type { AppUpdatesEvent, ServiceWorkerCommand } from './machines/app-updates.machine';

/**
 * The browser behind appUpdatesMachine: the service worker registration, the install events, the
 * connection, the reload and the remembered dismissal. Everything here is a no-op where the browser
 * lacks the feature (jsdom in unit tests, old browsers).
 */

export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';
/** A tab left open for hours still learns of a new version (the browser checks on navigations only). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const INSTALL_DISMISSED_KEY = 'campus.installOfferDismissed';
const OFFLINE_READY_SHOWN_KEY = 'campus.offlineReadyShown';
/**
 * On a first visit the worker is installed this long after the page has loaded: its precache (about
 * 1 MB) would otherwise share a phone's connection with the first page's own scripts, data and slides.
 */
export const FIRST_INSTALL_DELAY_MS = 3000;

/** Only a build has a worker to register: not `vite dev`, not jest (see client/vite.config.ts `define`). */
export const serviceWorkerBuilt = (): boolean => typeof __CAMPUS_SERVICE_WORKER__ !== 'undefined' && __CAMPUS_SERVICE_WORKER__;

export const watchServiceWorker = fromCallback<ServiceWorkerCommand, void, AppUpdatesEvent>(({ sendBack, receive }) => {
  if (!serviceWorkerBuilt() || !('serviceWorker' in navigator)) {
    sendBack({ type: 'REGISTRATION_FAILED', error: new Error('service workers are not available here') });
    return;
  }
  const container = navigator.serviceWorker;
  // A controller at start means any later one replaces it: an update. Without one, the first
  // worker's clients.claim() is not an update and must not reload the page.
  let controlled = container.controller !== null;
  const onControllerChange = () => {
    sendBack({ type: 'CONTROLLER_CHANGED', replacedWorker: controlled });
    controlled = true;
  };
  container.addEventListener('controllerchange', onControllerChange);

  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate && !event.isExternal) sendBack({ type: 'OFFLINE_READY' });
  });
  // Ours or one another tab registered: either way a new version waits for the learner's choice.
  workbox.addEventListener('waiting', () => sendBack({ type: 'NEED_REFRESH' }));
  receive((command) => {
    if (command.type === 'ACTIVATE_UPDATE') workbox.messageSkipWaiting();
  });
  const register = () =>
    void workbox.register({ immediate: true }).then(
      () => sendBack({ type: 'REGISTERED' }),
      (error: unknown) => sendBack({ type: 'REGISTRATION_FAILED', error }),
    );
  // A controlled page registers at once: for it, that is only the browser's update check.
  let cancelRegistration = () => {};
  if (controlled) register();
  else cancelRegistration = afterPageLoad(FIRST_INSTALL_DELAY_MS, register);
  const updateCheck = window.setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);

  return () => {
    cancelRegistration();
    container.removeEventListener('controllerchange', onControllerChange);
    window.clearInterval(updateCheck);
  };
});

/** Calls `run` `delayMs` after the window's load event (at once if it has passed); returns a cancel. */
export function afterPageLoad(delayMs: number, run: () => void): () => void {
  let timer: number | undefined;
  const schedule = () => {
    timer = window.setTimeout(run, delayMs);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    window.clearTimeout(timer);
  };
}

export const watchInstallOffers = fromCallback<EventObject, void, AppUpdatesEvent>(({ sendBack }) => {
  const earlyOffer = takeEarlyInstallOffer();
  if (earlyOffer) sendBack({ type: 'INSTALL_AVAILABLE', prompt: earlyOffer });
  const onOffer = (event: Event) => {
    // Our own offer replaces the browser's mini bar; the saved event opens the browser's dialog later.
    event.preventDefault();
    sendBack({ type: 'INSTALL_AVAILABLE', prompt: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => sendBack({ type: 'APP_INSTALLED' });
  window.addEventListener('beforeinstallprompt', onOffer);
  window.addEventListener('appinstalled', onInstalled);
  return () => {
    window.removeEventListener('beforeinstallprompt', onOffer);
    window.removeEventListener('appinstalled', onInstalled);
  };
});

export const watchConnection = fromCallback<EventObject, void, AppUpdatesEvent>(({ sendBack }) => {
  const onOnline = () => sendBack({ type: 'ONLINE' });
  const onOffline = () => sendBack({ type: 'OFFLINE' });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  if (!navigator.onLine) onOffline();
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
});

export function installDismissedBefore(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY) !== null;
  } catch {
    return false; // storage blocked: offer again next time rather than never
  }
}

export function rememberInstallDismissed(): void {
  try {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Storage blocked: the offer comes back next visit, which is all we can do.
  }
}

export function offlineReadyShownBefore(): boolean {
  try {
    return window.localStorage.getItem(OFFLINE_READY_SHOWN_KEY) !== null;
  } catch {
    return false;
  }
}

export function rememberOfflineReadyShown(): void {
  try {
    window.localStorage.setItem(OFFLINE_READY_SHOWN_KEY, new Date().toISOString());
  } catch {
    // Storage blocked: the notice may come once more, which is harmless.
  }
}

/**
 * Whether a modal dialog is open (the popups, a console confirmation, the mobile menu: each is marked
 * aria-modal="true"), so that no notice sits over it. The notices' own panels are not modal.
 */
export const watchOverlays = fromCallback<EventObject, void, AppUpdatesEvent>(({ sendBack }) => {
  let open = false;
  const check = () => {
    const now = document.querySelector('[aria-modal="true"]') !== null;
    if (now === open) return;
    open = now;
    sendBack({ type: 'OVERLAYS_CHANGED', open });
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-modal'] });
  check();
  return () => observer.disconnect();
});

export const reloadPage = (): void => window.location.reload();

export function reportRegistrationFailure(error: unknown): void {
  // Expected where there is no worker to register (development server, unit tests): nothing to say.
  if (!serviceWorkerBuilt() || !('serviceWorker' in navigator)) return;
  console.warn('The service worker could not be registered; the campus works online only.', error);
}
