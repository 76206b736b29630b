import { assign, setup, type SnapshotFrom } from 'xstate';
import { TOAST_MS } from './popup-types';

/**
 * A short message at the bottom of the screen (spec §2 toast, §8 'リンクをコピーしました。').
 *
 *   hidden ── SHOW ──→ visible ── after 3000 ms ──→ hidden
 *                       │  ↑
 *                       └──┘ SHOW: the newer message replaces the shown one, the timer restarts
 *
 * Each SHOW gets a new `id`, so the host can announce the same text twice in a row.
 */

export interface ToastContext {
  message: string;
  /** Counts the messages shown. */
  id: number;
}

export type ToastEvent = { type: 'SHOW'; message: string } | { type: 'HIDE' };

export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
  },
  delays: {
    SHOW: TOAST_MS,
  },
  actions: {
    store: assign({
      message: ({ context, event }) => (event.type === 'SHOW' ? event.message : context.message),
      id: ({ context }) => context.id + 1,
    }),
  },
}).createMachine({
  id: 'toast',
  context: { message: '', id: 0 },
  initial: 'hidden',
  states: {
    hidden: {
      entry: assign({ message: '' }),
      on: { SHOW: { target: 'visible', actions: 'store' } },
    },
    visible: {
      after: { SHOW: { target: 'hidden' } },
      on: {
        // Re-entering restarts the delayed transition.
        SHOW: { target: 'visible', reenter: true, actions: 'store' },
        HIDE: { target: 'hidden' },
      },
    },
  },
});

export type ToastSnapshot = SnapshotFrom<typeof toastMachine>;

/** The message on screen, or null when no toast shows. */
export const selectToastMessage = (snapshot: ToastSnapshot): string | null =>
  snapshot.matches('visible') ? snapshot.context.message : null;

/** Changes with every SHOW, even when the text is the same. */
export const selectToastId = (snapshot: ToastSnapshot): number => snapshot.context.id;
