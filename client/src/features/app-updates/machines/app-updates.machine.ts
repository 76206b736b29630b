import { assertEvent, assign, fromCallback, fromPromise, not, sendTo, setup, type EventObject, type SnapshotFrom } from 'xstate';

/**
 * The app's own life (spec §4, service worker): the worker's offline-ready and need-refresh
 * states, the install offer, and whether the browser is offline. Three parallel regions:
 *
 *   worker:   registering ─┬─ REGISTERED ─→ watching
 *                          └─ REGISTRATION_FAILED → unavailable
 *             (any) ─ OFFLINE_READY → offlineReady ── CLOSE / after 8 s → watching   (first install only: shown once)
 *             (any) ─ NEED_REFRESH → needRefresh ─┬─ UPDATE → updating (the waiting worker is told to activate)
 *                                                 └─ LATER → postponed (a newer worker asks again)
 *             (any) ─ CONTROLLER_CHANGED (a worker replaced the one in control: this tab's choice or
 *                     another tab's) → reloading: the page reloads, once
 *             updating ── after 10 s without a new controller → needRefresh (ask again rather than hang)
 *
 *   install:  waiting ─ INSTALL_AVAILABLE ─┬─ (dismissed before) → dismissed
 *                                          └─ available ── after 30 s → offered ─┬─ INSTALL → prompting ─┬─ accepted → installed
 *                                                                                │                       └─ declined → dismissed (remembered)
 *                                                                                └─ CLOSE_INSTALL → dismissed (remembered)
 *             (any) ─ APP_INSTALLED → installed
 *
 *   connection: online ⇄ offline
 *
 *   screen:   free ⇄ held — held on an exam page and on the admin console (PAGE_CHANGED: the clock runs,
 *             or the tables fill the page) and while a dialog is open (OVERLAYS_CHANGED: a popup, a
 *             confirmation, the menu). While held, the offline-ready notice waits (offlineReady.held)
 *             and the update and install offers stay out of sight (their states are kept): they appear
 *             once the learner has left the exam or closed the dialog.
 *
 *   The offline-ready notice is shown once per browser (offlineReadyShownBefore / rememberOfflineReadyShown).
 *
 * The browser is reached only through the actors and actions named in `setup()` (the real ones
 * are in ../browser-sources.ts), so specs `.provide()` fakes.
 */

/** The browser's deferred install prompt (`beforeinstallprompt`), reduced to what the machine uses. */
export interface InstallPrompt {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type AppUpdatesEvent =
  | { type: 'REGISTERED' }
  | { type: 'REGISTRATION_FAILED'; error: unknown }
  | { type: 'OFFLINE_READY' }
  | { type: 'NEED_REFRESH' }
  /** A worker took control of this page; `replacedWorker` is false for the very first one (nothing to reload for). */
  | { type: 'CONTROLLER_CHANGED'; replacedWorker: boolean }
  | { type: 'UPDATE' }
  | { type: 'LATER' }
  | { type: 'CLOSE' }
  | { type: 'INSTALL_AVAILABLE'; prompt: InstallPrompt }
  | { type: 'INSTALL' }
  | { type: 'CLOSE_INSTALL' }
  | { type: 'APP_INSTALLED' }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** The route the learner is on, told by the app shell on every page change. */
  | { type: 'PAGE_CHANGED'; area: ScreenArea }
  /** Whether a modal dialog is open, told by the overlays actor. */
  | { type: 'OVERLAYS_CHANGED'; open: boolean };

/** Where the learner is, as far as the notices care: an exam and the admin console hold them. */
export type ScreenArea = 'exam' | 'admin' | 'other';

/** What the machine asks of the registered worker. */
export type ServiceWorkerCommand = { type: 'ACTIVATE_UPDATE' };

export interface AppUpdatesContext {
  installPrompt: InstallPrompt | null;
  area: ScreenArea;
  overlayOpen: boolean;
}

export const OFFLINE_READY_NOTICE_MS = 8000;
/**
 * How long the browser's install offer waits before the campus shows it: the offer should not cover
 * the first page a visitor opens (on a phone it took the bottom of the lesson they had come to read)
 * before they have had a look around.
 */
export const INSTALL_OFFER_DELAY_MS = 30_000;
export const UPDATE_ACTIVATION_TIMEOUT_MS = 10_000;

/** Events the page ignores once it is reloading: it reloads once, whatever else happens. */
const IGNORED_WHILE_RELOADING = { CONTROLLER_CHANGED: {}, NEED_REFRESH: {}, OFFLINE_READY: {} } as const;

export const appUpdatesMachine = setup({
  types: {
    context: {} as AppUpdatesContext,
    events: {} as AppUpdatesEvent,
  },
  actors: {
    // The real implementations are given by the component (../browser-sources.ts); these defaults do nothing.
    serviceWorker: fromCallback<ServiceWorkerCommand, void, AppUpdatesEvent>(() => undefined),
    installOffers: fromCallback<EventObject, void, AppUpdatesEvent>(() => undefined),
    connection: fromCallback<EventObject, void, AppUpdatesEvent>(() => undefined),
    overlays: fromCallback<EventObject, void, AppUpdatesEvent>(() => undefined),
    promptInstall: fromPromise<'accepted' | 'dismissed', { prompt: InstallPrompt }>(async ({ input }) => {
      await input.prompt.prompt();
      return (await input.prompt.userChoice).outcome;
    }),
  },
  actions: {
    reload: () => {},
    rememberInstallDismissed: () => {},
    rememberOfflineReadyShown: () => {},
    reportRegistrationFailure: (_, _params: { error: unknown }) => {},
    forgetInstallPrompt: assign({ installPrompt: null }),
    keepArea: assign({
      area: ({ event }) => {
        assertEvent(event, 'PAGE_CHANGED');
        return event.area;
      },
    }),
    keepOverlays: assign({
      overlayOpen: ({ event }) => {
        assertEvent(event, 'OVERLAYS_CHANGED');
        return event.open;
      },
    }),
    keepInstallPrompt: assign({
      installPrompt: ({ event }) => {
        assertEvent(event, 'INSTALL_AVAILABLE');
        return event.prompt;
      },
    }),
  },
  guards: {
    installDismissedBefore: () => false,
    offlineReadyShownBefore: () => false,
    screenHeld: ({ context }) => context.area !== 'other' || context.overlayOpen,
    replacedWorker: ({ event }) => event.type === 'CONTROLLER_CHANGED' && event.replacedWorker,
  },
  delays: {
    OFFLINE_READY_NOTICE: OFFLINE_READY_NOTICE_MS,
    INSTALL_OFFER_DELAY: INSTALL_OFFER_DELAY_MS,
    UPDATE_ACTIVATION_TIMEOUT: UPDATE_ACTIVATION_TIMEOUT_MS,
  },
}).createMachine({
  id: 'appUpdates',
  type: 'parallel',
  context: { installPrompt: null, area: 'other', overlayOpen: false },
  on: {
    PAGE_CHANGED: { actions: 'keepArea' },
    OVERLAYS_CHANGED: { actions: 'keepOverlays' },
  },
  states: {
    worker: {
      initial: 'registering',
      invoke: { id: 'serviceWorker', src: 'serviceWorker' },
      on: {
        OFFLINE_READY: { guard: not('offlineReadyShownBefore'), target: '.offlineReady' },
        NEED_REFRESH: { target: '.needRefresh' },
        CONTROLLER_CHANGED: { guard: 'replacedWorker', target: '.reloading' },
      },
      states: {
        registering: {
          on: {
            REGISTERED: { target: 'watching' },
            REGISTRATION_FAILED: {
              target: 'unavailable',
              actions: { type: 'reportRegistrationFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        watching: {},
        /** No worker (refused, or the browser has none): the app works online as before. */
        unavailable: {},
        offlineReady: {
          initial: 'held',
          states: {
            // Waits for a free screen; the notice's time starts only when it can be seen.
            held: { always: { guard: not('screenHeld'), target: 'shown' } },
            shown: {
              entry: 'rememberOfflineReadyShown',
              always: { guard: 'screenHeld', target: 'held' },
              after: { OFFLINE_READY_NOTICE: { target: '#appUpdates.worker.watching' } },
              on: { CLOSE: { target: '#appUpdates.worker.watching' } },
            },
          },
        },
        needRefresh: {
          on: {
            UPDATE: { target: 'updating' },
            LATER: { target: 'postponed' },
          },
        },
        postponed: {},
        updating: {
          entry: sendTo('serviceWorker', { type: 'ACTIVATE_UPDATE' } satisfies ServiceWorkerCommand),
          after: { UPDATE_ACTIVATION_TIMEOUT: { target: 'needRefresh' } },
        },
        reloading: {
          entry: 'reload',
          on: IGNORED_WHILE_RELOADING,
        },
      },
    },
    install: {
      initial: 'waiting',
      invoke: { src: 'installOffers' },
      on: {
        APP_INSTALLED: { target: '.installed' },
      },
      states: {
        waiting: {
          on: {
            INSTALL_AVAILABLE: [
              { guard: 'installDismissedBefore', target: 'dismissed' },
              { target: 'available', actions: 'keepInstallPrompt' },
            ],
          },
        },
        available: {
          after: { INSTALL_OFFER_DELAY: { target: 'offered' } },
          // The browser may offer again (a fresh prompt object): keep the newest.
          on: { INSTALL_AVAILABLE: { actions: 'keepInstallPrompt' } },
        },
        offered: {
          on: {
            INSTALL_AVAILABLE: { actions: 'keepInstallPrompt' },
            INSTALL: { target: 'prompting' },
            CLOSE_INSTALL: { target: 'dismissed', actions: 'rememberInstallDismissed' },
          },
        },
        prompting: {
          invoke: {
            src: 'promptInstall',
            input: ({ context }) => ({ prompt: context.installPrompt! }),
            onDone: [
              { guard: ({ event }) => event.output === 'accepted', target: 'installed' },
              { target: 'dismissed', actions: 'rememberInstallDismissed' },
            ],
            // The prompt could not be shown (already used, or the browser withdrew it): offer nothing more this visit.
            onError: { target: 'dismissed' },
          },
        },
        // A prompt is good for one use: let it go.
        dismissed: { entry: 'forgetInstallPrompt' },
        installed: { entry: 'forgetInstallPrompt' },
      },
    },
    connection: {
      initial: 'online',
      invoke: { src: 'connection' },
      states: {
        online: { on: { OFFLINE: { target: 'offline' } } },
        offline: { on: { ONLINE: { target: 'online' } } },
      },
    },
    screen: {
      initial: 'free',
      invoke: { src: 'overlays' },
      states: {
        free: { always: { guard: 'screenHeld', target: 'held' } },
        held: { always: { guard: not('screenHeld'), target: 'free' } },
      },
    },
  },
});

export type AppUpdatesSnapshot = SnapshotFrom<typeof appUpdatesMachine>;

/** The worker notice on screen, if any. */
export type WorkerNotice = 'offlineReady' | 'needRefresh' | 'updating' | null;

const screenFree = (snapshot: AppUpdatesSnapshot): boolean => snapshot.matches({ screen: 'free' });

export function selectWorkerNotice(snapshot: AppUpdatesSnapshot): WorkerNotice {
  if (snapshot.matches({ worker: { offlineReady: 'shown' } })) return 'offlineReady';
  if (snapshot.matches({ worker: 'needRefresh' }) && screenFree(snapshot)) return 'needRefresh';
  // The learner's own choice (or another tab's): the page is about to reload, say so wherever it is.
  if (snapshot.matches({ worker: 'updating' }) || snapshot.matches({ worker: 'reloading' })) return 'updating';
  return null;
}

/** The offer on screen; once the learner has pressed インストール the browser's own dialog is up. */
export const selectInstallOffered = (snapshot: AppUpdatesSnapshot): boolean =>
  (snapshot.matches({ install: 'offered' }) && screenFree(snapshot)) || snapshot.matches({ install: 'prompting' });

export const selectInstalling = (snapshot: AppUpdatesSnapshot): boolean => snapshot.matches({ install: 'prompting' });

export const selectOffline = (snapshot: AppUpdatesSnapshot): boolean => snapshot.matches({ connection: 'offline' });
