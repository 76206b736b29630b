import type { ActivityCourseKind, FavoriteState } from '@campus/contracts/course-activity';
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { openPopup } from '../ui/popup/popups';
import { trackEvent, trackGoal } from '../../lib/analytics';
import { loginUrl } from '../../lib/session/login-url';
import { setFavorite } from './set-favorite';

/**
 * One course's "受講したいリスト" (wish list) toggle.
 *
 *   idle ── TOGGLE (visitor) ──→ askingLogin ── 'login' → startLogin ─→ idle
 *     │                                      └─ cancel / dismissed ──→ idle
 *     └─ TOGGLE (logged in) ─→ saving ── done: the server's value ─→ idle
 *          (flips at once)       │  └─ done, but the learner flipped again meanwhile → saving (the new value)
 *                                └─ error → idle, back to the last value the server confirmed
 *
 * Why optimistic: the heart must answer the press at once. Presses during a save only flip the
 * wanted value; when the save answers, one more save is made if the wanted value differs from the
 * server's, so the final display always matches the server however fast the learner clicks.
 */

export interface FavoriteToggleInput {
  kind: ActivityCourseKind;
  slug: string;
  title: string;
  isFavorite: boolean;
}

export interface FavoriteToggleContext {
  kind: ActivityCourseKind;
  slug: string;
  title: string;
  /** What the button shows: the learner's wish, ahead of the server while saving. */
  isFavorite: boolean;
  /** The last value the server confirmed (or the initial one); failures roll back to it. */
  confirmed: boolean;
  /** The value the running save sends. */
  saving: boolean;
}

export type FavoriteToggleEvent =
  /** A press of the button; `loggedIn` is the session's answer at that moment. */
  | { type: 'TOGGLE'; loggedIn: boolean }
  /** The page re-read the course (e.g. a loader revalidation): adopt the new value when nothing is pending. */
  | { type: 'SYNC'; isFavorite: boolean };

/**
 * Emitted when a save ends: the value the server holds now (after a failure, the rolled-back one).
 * For lists that react to it, e.g. the wish list page marking a removed course.
 */
export type FavoriteToggleEmitted = { type: 'settled'; isFavorite: boolean };

export interface SaveFavoriteInput {
  kind: ActivityCourseKind;
  slug: string;
  value: boolean;
}

export const favoriteToggleMachine = setup({
  types: {
    input: {} as FavoriteToggleInput,
    context: {} as FavoriteToggleContext,
    events: {} as FavoriteToggleEvent,
    emitted: {} as FavoriteToggleEmitted,
  },
  actors: {
    /** The wish-list login popup (spec §2 "wish list login"); resolves with the pressed button. */
    askLogin: fromPromise<string>(() => openPopup('wishlistLogin')),
    /** Saves the value; its failure popup is the API client's default handling. */
    saveFavorite: fromPromise<FavoriteState, SaveFavoriteInput>(({ input }) =>
      setFavorite(input.kind, input.slug, input.value),
    ),
  },
  actions: {
    /** Spec §4 login: a login event and goal, then the provider, and back to this page. */
    startLogin: () => {
      trackEvent('login');
      trackGoal('login');
      window.location.assign(loginUrl(window.location.href));
    },
    track: ({ context }, params: { loggedIn: boolean; value: boolean }) => {
      trackEvent('wishlist_toggle', { kind: context.kind, slug: context.slug, title: context.title, ...params });
    },
    flip: assign({ isFavorite: ({ context }) => !context.isFavorite }),
    startSaving: assign({ saving: ({ context }) => context.isFavorite }),
  },
  guards: {
    loggedIn: (_, params: { loggedIn: boolean }) => params.loggedIn,
    choseLogin: (_, params: { choice: string }) => params.choice === 'login',
    /** The learner changed their mind while saving, to something the server does not hold yet. */
    wantsAnotherSave: ({ context }, params: { saved: boolean }) =>
      context.isFavorite !== context.saving && context.isFavorite !== params.saved,
  },
}).createMachine({
  id: 'favoriteToggle',
  context: ({ input }) => ({
    kind: input.kind,
    slug: input.slug,
    title: input.title,
    isFavorite: input.isFavorite,
    confirmed: input.isFavorite,
    saving: input.isFavorite,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: [
          {
            guard: { type: 'loggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) },
            target: 'saving',
            actions: [{ type: 'track', params: ({ context }) => ({ loggedIn: true, value: !context.isFavorite }) }, 'flip'],
          },
          {
            target: 'askingLogin',
            actions: { type: 'track', params: ({ context }) => ({ loggedIn: false, value: !context.isFavorite }) },
          },
        ],
        SYNC: { actions: assign({ isFavorite: ({ event }) => event.isFavorite, confirmed: ({ event }) => event.isFavorite }) },
      },
    },
    askingLogin: {
      invoke: {
        src: 'askLogin',
        onDone: [
          {
            guard: { type: 'choseLogin', params: ({ event }) => ({ choice: event.output }) },
            target: 'idle',
            actions: 'startLogin',
          },
          { target: 'idle' },
        ],
        onError: { target: 'idle' },
      },
    },
    saving: {
      entry: 'startSaving',
      invoke: {
        src: 'saveFavorite',
        input: ({ context }) => ({ kind: context.kind, slug: context.slug, value: context.saving }),
        onDone: [
          {
            guard: { type: 'wantsAnotherSave', params: ({ event }) => ({ saved: event.output.isFavorite }) },
            target: 'saving',
            reenter: true,
            actions: assign({ confirmed: ({ event }) => event.output.isFavorite }),
          },
          {
            target: 'idle',
            actions: [
              assign({
                isFavorite: ({ event }) => event.output.isFavorite,
                confirmed: ({ event }) => event.output.isFavorite,
              }),
              emit(({ event }) => ({ type: 'settled' as const, isFavorite: event.output.isFavorite })),
            ],
          },
        ],
        // The API client already showed the error popup; undo what the button claimed.
        onError: {
          target: 'idle',
          actions: [
            assign({ isFavorite: ({ context }) => context.confirmed }),
            emit(({ context }) => ({ type: 'settled' as const, isFavorite: context.confirmed })),
          ],
        },
      },
      on: {
        TOGGLE: {
          actions: [
            { type: 'track', params: ({ context, event }) => ({ loggedIn: event.loggedIn, value: !context.isFavorite }) },
            'flip',
          ],
        },
      },
    },
  },
});

export type FavoriteToggleSnapshot = SnapshotFrom<typeof favoriteToggleMachine>;
export type FavoriteToggleActorRef = ActorRefFrom<typeof favoriteToggleMachine>;

export const selectIsFavorite = (snapshot: FavoriteToggleSnapshot): boolean => snapshot.context.isFavorite;
export const selectIsSaving = (snapshot: FavoriteToggleSnapshot): boolean => snapshot.matches('saving');
