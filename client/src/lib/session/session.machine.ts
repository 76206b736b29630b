import type { MigrationResult } from '@campus/contracts/certificates';
import type { CurrentUser } from '@campus/contracts/current-user';
import { assign, fromCallback, fromPromise, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessageOf, isApiError } from '../api-client';
import { forgetPersonalCaches } from '../offline-caches';
import { acceptAgreements } from './api/accept-agreements';
import { generateLogoutUrl } from './api/generate-logout-url';
import { migrateFromCloudCampus } from './api/migrate-from-cloud-campus';
import { knownSessionOfUser, type KnownSession } from './known-session';
import { getMeOnceFromStart } from './session-at-start';
import { subscribeUserUpdates } from './api/subscribe-user-updates';
import { watchSessionEnd } from './api/watch-session-end';

/**
 * Who is using the campus, and the agreement and logout flows around that.
 *
 *   checking ─┬─ 401 ──────────────→ loggedOut
 *             ├─ other failure ────→ unavailable ── RETRY → checking
 *             └─ user ─→ loggedIn ─┬─ agreementRequired ── ACCEPT ─┬──────────────→ accepting ─┬─ ok → refreshing → ready
 *                                  │        ↑    (can migrate) └→ migrating ─ ok ┘            │
 *                                  │        └───────────── error (message) ───────────────────┘
 *                                  └─ ready
 *   loggedIn ── LOGOUT → loggingOut ─┬─ url → leaving (navigate to the provider)
 *                                    └─ failure → loggedOut (silently, spec §4)
 *
 * A learner coming from Cloud Campus (canMigrateFromCloudCampus) sees the migration variant of the
 * agreement popup even after an earlier acceptance; agreeing carries the badges over first, then
 * accepts (the migration call is idempotent, so a retry after a failed acceptance is safe).
 *
 * API calls, the socket subscription and the navigation are implementations given through
 * `setup()`, so tests `.provide()` fakes. Components only select and send.
 */

export interface SessionContext {
  user: CurrentUser | null;
  /** Why the last acceptance failed (shown in the agreement dialog). */
  acceptError: string | null;
  /** Why the user could not be loaded (not a 401). */
  loadError: string | null;
}

export type SessionEvent =
  | { type: 'ACCEPT' }
  | { type: 'LOGOUT' }
  | { type: 'RETRY' }
  | { type: 'USER_UPDATED'; user: CurrentUser }
  /** The server said the session is gone (a 401 anywhere): forget the user. */
  | { type: 'SESSION_EXPIRED' }
  /** The server answered AGREEMENT_REQUIRED (spec §4): the agreements are not accepted after all. */
  | { type: 'AGREEMENT_REQUIRED' };

const isLoginRequired = (error: unknown) => isApiError(error) && error.status === 401;

const acceptedLocally = (user: CurrentUser | null): CurrentUser | null =>
  // Spec §4: acceptance also clears the migration flag.
  user && { ...user, hasAcceptedAgreements: true, canMigrateFromCloudCampus: false };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    // No abort signal: under React's StrictMode the actor is stopped and rehydrated once, and an
    // aborted first request must not end up as the session's error. The first check takes the
    // answer main.tsx asked for at start.
    fetchMe: fromPromise<CurrentUser>(() => getMeOnceFromStart()),
    acceptAgreements: fromPromise<unknown>(() => acceptAgreements()),
    migrateFromCloudCampus: fromPromise<MigrationResult>(() => migrateFromCloudCampus()),
    // The offline copies of logged-in-only lessons go with the session (whatever the server answers).
    generateLogoutUrl: fromPromise<string>(() => forgetPersonalCaches().then(() => generateLogoutUrl(window.location.origin))),
    // Pushes of the user, and the server ending the session's socket (logout elsewhere, expiry).
    watchUser: fromCallback<SessionEvent>(({ sendBack }) => {
      const stops = [
        subscribeUserUpdates((user) => sendBack({ type: 'USER_UPDATED', user })),
        watchSessionEnd(() => sendBack({ type: 'SESSION_EXPIRED' })),
      ];
      return () => stops.forEach((stop) => stop());
    }),
  },
  actions: {
    storeUser: assign({ user: ({ context, event }) => (event.type === 'USER_UPDATED' ? event.user : context.user) }),
    /** Leaves the single-page app for another address (the provider's logout page). */
    navigate: (_, params: { url: string }) => {
      window.location.assign(params.url);
    },
  },
  guards: {
    hasAcceptedAgreements: ({ context }) => context.user?.hasAcceptedAgreements === true,
    /** Nothing left to agree to: accepted, and no Cloud Campus badges waiting to be carried over. */
    isSettled: ({ context }) => context.user?.hasAcceptedAgreements === true && context.user.canMigrateFromCloudCampus !== true,
    canMigrate: ({ context }) => context.user?.canMigrateFromCloudCampus === true,
  },
}).createMachine({
  id: 'session',
  context: { user: null, acceptError: null, loadError: null },
  initial: 'checking',
  on: {
    SESSION_EXPIRED: { target: '.loggedOut' },
  },
  states: {
    checking: {
      invoke: {
        src: 'fetchMe',
        onDone: {
          target: 'loggedIn',
          actions: assign({ user: ({ event }) => event.output, loadError: null }),
        },
        onError: [
          { guard: ({ event }) => isLoginRequired(event.error), target: 'loggedOut' },
          { target: 'unavailable', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
        ],
      },
    },
    unavailable: {
      on: { RETRY: { target: 'checking' } },
    },
    loggedOut: {
      entry: assign({ user: null, acceptError: null, loadError: null }),
    },
    loggedIn: {
      initial: 'routing',
      invoke: { src: 'watchUser' },
      on: {
        LOGOUT: { target: 'loggingOut' },
        USER_UPDATED: { target: '.routing', actions: 'storeUser' },
        AGREEMENT_REQUIRED: {
          target: '.routing',
          actions: assign({ user: ({ context }) => context.user && { ...context.user, hasAcceptedAgreements: false } }),
        },
      },
      states: {
        routing: {
          always: [{ guard: 'isSettled', target: 'ready' }, { target: 'agreementRequired' }],
        },
        agreementRequired: {
          on: { ACCEPT: [{ guard: 'canMigrate', target: 'migrating' }, { target: 'accepting' }] },
        },
        migrating: {
          entry: assign({ acceptError: null }),
          on: { USER_UPDATED: { actions: 'storeUser' } },
          invoke: {
            src: 'migrateFromCloudCampus',
            onDone: { target: 'accepting' },
            onError: [
              { guard: ({ event }) => isLoginRequired(event.error), target: '#session.loggedOut' },
              {
                target: 'agreementRequired',
                actions: assign({ acceptError: ({ event }) => errorMessageOf(event.error) }),
              },
            ],
          },
        },
        accepting: {
          entry: assign({ acceptError: null }),
          // A push while the acceptance is in flight must not reopen the dialog: keep the data only.
          on: { USER_UPDATED: { actions: 'storeUser' } },
          invoke: {
            src: 'acceptAgreements',
            onDone: {
              target: 'refreshing',
              actions: assign({ user: ({ context }) => acceptedLocally(context.user) }),
            },
            onError: [
              { guard: ({ event }) => isLoginRequired(event.error), target: '#session.loggedOut' },
              {
                target: 'agreementRequired',
                actions: assign({ acceptError: ({ event }) => errorMessageOf(event.error) }),
              },
            ],
          },
        },
        refreshing: {
          on: { USER_UPDATED: { actions: 'storeUser' } },
          invoke: {
            src: 'fetchMe',
            onDone: { target: 'routing', actions: assign({ user: ({ event }) => event.output }) },
            onError: [
              { guard: ({ event }) => isLoginRequired(event.error), target: '#session.loggedOut' },
              // The acceptance is recorded; the locally updated user is good enough.
              { target: 'routing' },
            ],
          },
        },
        ready: {},
      },
    },
    loggingOut: {
      invoke: {
        src: 'generateLogoutUrl',
        onDone: {
          target: 'leaving',
          actions: { type: 'navigate', params: ({ event }) => ({ url: event.output }) },
        },
        onError: { target: 'loggedOut' },
      },
    },
    /** The browser is on its way to the provider's logout page. */
    leaving: {},
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What the header shows. */
export type SessionStatus = 'checking' | 'unavailable' | 'loggedOut' | 'loggedIn' | 'loggingOut';

export function selectStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('loggedIn')) return 'loggedIn';
  if (snapshot.matches('loggingOut') || snapshot.matches('leaving')) return 'loggingOut';
  if (snapshot.matches('loggedOut')) return 'loggedOut';
  if (snapshot.matches('unavailable')) return 'unavailable';
  return 'checking';
}

export const selectUser = (snapshot: SessionSnapshot): CurrentUser | null => snapshot.context.user;

export const selectAgreementRequired = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ loggedIn: 'agreementRequired' }) || selectAccepting(snapshot);

/** Agreeing is under way: carrying Cloud Campus badges over, then accepting. */
export const selectAccepting = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ loggedIn: 'migrating' }) || snapshot.matches({ loggedIn: 'accepting' });

export const selectAcceptError = (snapshot: SessionSnapshot): string | null => snapshot.context.acceptError;

export const selectLoadError = (snapshot: SessionSnapshot): string | null => snapshot.context.loadError;

/** What the route loaders know of the session from this snapshot (see api/known-session.ts). */
export function selectKnownSession(snapshot: SessionSnapshot): KnownSession {
  if (snapshot.matches('loggedOut')) return 'visitor';
  const user = snapshot.context.user;
  return snapshot.matches('loggedIn') && user ? knownSessionOfUser(user) : 'unknown';
}

/** The session as the loaders see it, once the machine's own check is done. */
export const settledKnownSession = (actor: ActorRefFrom<typeof sessionMachine>): Promise<KnownSession> =>
  waitFor(actor, (snapshot) => !snapshot.matches('checking')).then(selectKnownSession);
