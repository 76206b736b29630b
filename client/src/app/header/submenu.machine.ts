import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** Spec §9: a desktop submenu closes 1000 ms after the pointer leaves it. */
export const SUBMENU_CLOSE_DELAY_MS = 1000;

/**
 * One header submenu (a disclosure: trigger button + panel).
 *
 *   closed ── POINTER_ENTER / PRESS / OPEN ─→ open ── POINTER_LEAVE ─→ closing ── CLOSE_DELAY ─→ closed
 *                                              ↑                        │
 *                                              └──── POINTER_ENTER ─────┘  (re-entering cancels the close)
 *   open ── PRESS ─→ closed, unless it was opened by the pointer: then the press keeps it open.
 *   CLOSE (Escape, a route change, a click or focus outside, another submenu opening) ─→ closed at once.
 *
 * Why a press keeps a hover-opened submenu open: a mouse (and a touch screen's emulated mouse)
 * enters the trigger before clicking it, so "click toggles" would close what the user just opened.
 */

export type SubmenuEvent =
  | { type: 'POINTER_ENTER' }
  | { type: 'POINTER_LEAVE' }
  /** Click, Enter or Space on the trigger: toggles. */
  | { type: 'PRESS' }
  /** ArrowDown / ArrowUp on the trigger: opens (never closes). */
  | { type: 'OPEN' }
  | { type: 'CLOSE' };

export interface SubmenuContext {
  openedBy: 'pointer' | 'press' | null;
}

export const submenuMachine = setup({
  types: {
    context: {} as SubmenuContext,
    events: {} as SubmenuEvent,
  },
  guards: {
    openedByPointer: ({ context }) => context.openedBy === 'pointer',
  },
  delays: {
    CLOSE_DELAY: SUBMENU_CLOSE_DELAY_MS,
  },
}).createMachine({
  id: 'submenu',
  context: { openedBy: null },
  initial: 'closed',
  states: {
    closed: {
      entry: assign({ openedBy: null }),
      on: {
        POINTER_ENTER: { target: 'open', actions: assign({ openedBy: 'pointer' }) },
        PRESS: { target: 'open', actions: assign({ openedBy: 'press' }) },
        OPEN: { target: 'open', actions: assign({ openedBy: 'press' }) },
      },
    },
    open: {
      on: {
        POINTER_LEAVE: { target: 'closing' },
        PRESS: [{ guard: 'openedByPointer', actions: assign({ openedBy: 'press' }) }, { target: 'closed' }],
        CLOSE: { target: 'closed' },
      },
    },
    /** Still shown; closes unless the pointer comes back in time. */
    closing: {
      after: { CLOSE_DELAY: { target: 'closed' } },
      on: {
        POINTER_ENTER: { target: 'open' },
        OPEN: { target: 'open' },
        PRESS: { target: 'closed' },
        CLOSE: { target: 'closed' },
      },
    },
  },
});

export type SubmenuSnapshot = SnapshotFrom<typeof submenuMachine>;
export type SubmenuActorRef = ActorRefFrom<typeof submenuMachine>;

/** The panel shows while open and while waiting to close. */
export const selectSubmenuOpen = (snapshot: SubmenuSnapshot): boolean => !snapshot.matches('closed');
