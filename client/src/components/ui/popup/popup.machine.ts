import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { DISMISSED, POPUP_FADE_MS, type PopupButton, type PopupRequest } from './popup-types';

/**
 * The one popup on screen (spec §4: open, loading during action, close with a 300 ms fade).
 *
 *   closed ── OPEN ──→ open ─┬─ CHOOSE (plain button) ─────────────────→ closing ── FADE ──→ closed
 *     ↑  │                   ├─ DISMISS (dismissable only) ─────────────↗     (resolves the caller)
 *     │  └─ queue not empty ─┤
 *     │     → next request   └─ CHOOSE (runsAction) → loading ─┬─ done ──↗
 *     │                                 ↑                      └─ error → open (message shown)
 *     └──────────────────────────────────────────────────────────────────────────────────────┘
 *
 * Only one popup shows at a time: OPEN while another is up waits in a FIFO queue and opens once
 * the current one has closed. CLOSE_ALL fades the current popup out and drops the queue, every
 * dropped request resolving 'dismissed'. The action runs as the `runAction` actor, so tests may
 * `.provide()` another one.
 */

export interface PopupContext {
  /** The request on screen (also while loading and closing); null when closed. */
  current: PopupRequest | null;
  /** Requests waiting for the current one to close, oldest first. */
  queue: PopupRequest[];
  /** Why the last action failed, shown in the popup. */
  error: string | null;
  /** The value chosen (or 'dismissed'), once known. */
  chosen: string | null;
}

export type PopupEvent =
  | { type: 'OPEN'; request: PopupRequest }
  | { type: 'CHOOSE'; value: string }
  | { type: 'DISMISS' }
  | { type: 'CLOSE_ALL' };

/** Shown when a failed action gives no usable message. */
export const POPUP_FALLBACK_ERROR_MESSAGE = 'エラーが発生しました。時間をおいて再度お試しください。';

/** The text to show for a failed action: its `message` when that is a non-empty string. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return POPUP_FALLBACK_ERROR_MESSAGE;
}

const buttonOf = (request: PopupRequest | null, value: string): PopupButton | undefined =>
  request?.buttons.find((button) => button.value === value);

const settle = (request: PopupRequest | null, value: string) => {
  request?.resolve?.(value);
};

export const popupMachine = setup({
  types: {
    context: {} as PopupContext,
    events: {} as PopupEvent,
  },
  delays: {
    FADE: POPUP_FADE_MS,
  },
  actors: {
    runAction: fromPromise<void, { request: PopupRequest; value: string }>(async ({ input }) => {
      await input.request.action?.(input.value);
    }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    isDismissable: ({ context }) => context.current?.dismissable === true,
    isButton: ({ context, event }) => event.type === 'CHOOSE' && buttonOf(context.current, event.value) !== undefined,
    runsAction: ({ context, event }) =>
      event.type === 'CHOOSE' &&
      buttonOf(context.current, event.value)?.runsAction === true &&
      typeof context.current?.action === 'function',
  },
  actions: {
    show: assign({
      current: ({ context, event }) => (event.type === 'OPEN' ? event.request : context.current),
      error: null,
      chosen: null,
    }),
    enqueue: assign({
      queue: ({ context, event }) => (event.type === 'OPEN' ? [...context.queue, event.request] : context.queue),
    }),
    showNext: assign(({ context }) => ({
      current: context.queue[0] ?? null,
      queue: context.queue.slice(1),
      error: null,
      chosen: null,
    })),
    choose: assign({
      chosen: ({ context, event }) => (event.type === 'CHOOSE' ? event.value : context.chosen),
    }),
    chooseDismissed: assign({ chosen: DISMISSED }),
    /** Keeps a value already chosen (e.g. CLOSE_ALL while fading out after 「ログイン」). */
    dismissUnlessChosen: assign({ chosen: ({ context }) => context.chosen ?? DISMISSED }),
    /** Resolves every waiting request with 'dismissed' and forgets them. */
    dropQueue: enqueueActions(({ context, enqueue }) => {
      const dropped = context.queue;
      enqueue.assign({ queue: [] });
      enqueue(() => {
        for (const request of dropped) settle(request, DISMISSED);
      });
    }),
    resolveCurrent: ({ context }) => settle(context.current, context.chosen ?? DISMISSED),
    clear: assign({ current: null, error: null, chosen: null }),
  },
}).createMachine({
  id: 'popup',
  context: { current: null, queue: [], error: null, chosen: null },
  initial: 'closed',
  states: {
    closed: {
      entry: 'clear',
      always: { guard: 'hasQueued', target: 'open', actions: 'showNext' },
      on: {
        OPEN: { target: 'open', actions: 'show' },
      },
    },
    open: {
      on: {
        OPEN: { actions: 'enqueue' },
        CHOOSE: [
          { guard: 'runsAction', target: 'loading', actions: 'choose' },
          { guard: 'isButton', target: 'closing', actions: 'choose' },
        ],
        DISMISS: { guard: 'isDismissable', target: 'closing', actions: 'chooseDismissed' },
        CLOSE_ALL: { target: 'closing', actions: ['dropQueue', 'dismissUnlessChosen'] },
      },
    },
    loading: {
      entry: assign({ error: null }),
      on: {
        OPEN: { actions: 'enqueue' },
        // The action's result no longer matters: the popup is obsolete.
        CLOSE_ALL: { target: 'closing', actions: ['dropQueue', 'chooseDismissed'] },
      },
      invoke: {
        src: 'runAction',
        input: ({ context }) => ({
          request: context.current as PopupRequest,
          value: context.chosen ?? DISMISSED,
        }),
        onDone: { target: 'closing' },
        onError: {
          target: 'open',
          actions: assign({ error: ({ event }) => errorMessage(event.error), chosen: null }),
        },
      },
    },
    closing: {
      on: {
        OPEN: { actions: 'enqueue' },
        CLOSE_ALL: { actions: 'dropQueue' },
      },
      after: {
        FADE: { target: 'closed', actions: 'resolveCurrent' },
      },
    },
  },
});

export type PopupSnapshot = SnapshotFrom<typeof popupMachine>;

export type PopupPhase = 'closed' | 'open' | 'loading' | 'closing';

export function selectPhase(snapshot: PopupSnapshot): PopupPhase {
  if (snapshot.matches('open')) return 'open';
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('closing')) return 'closing';
  return 'closed';
}

export const selectCurrent = (snapshot: PopupSnapshot): PopupRequest | null => snapshot.context.current;

export const selectError = (snapshot: PopupSnapshot): string | null => snapshot.context.error;

export const selectQueueLength = (snapshot: PopupSnapshot): number => snapshot.context.queue.length;
