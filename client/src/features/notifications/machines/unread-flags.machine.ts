import type { UnreadFlags } from '@campus/contracts/notifications';
import { assign, fromCallback, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getUnreadFlags, NO_UNREAD } from '../api/get-unread-flags';
import { subscribeUnread } from '../api/subscribe-unread';

/** Spec §4/§9: the unread check runs at start and every 180 s (while the socket is down). */
export const UNREAD_POLL_MS = 180_000;

/**
 * The header's unread flags (spec §4, ARCHITECTURE §5 realtime).
 *
 *   disabled ── ENABLE ─→ enabled ── DISABLE ─→ disabled (flags cleared)
 *
 *   enabled (parallel, while logged in with accepted agreements; the socket watch is invoked):
 *     sync:   fetching ─ done/failed ─→ idle ── SYNC ─→ fetching
 *     socket: connecting ─ connect ─→ connected ─ disconnect ─→ disconnected ─ connect (+SYNC) ─→ connected
 *             connecting and disconnected poll: every POLL they raise SYNC.
 *   A push (`unread.changed`) carries the whole state: it replaces the flags, cancels a fetch in
 *   flight (its answer could be older) and proves the socket is up. `announcements.changed` goes to
 *   everyone, so it carries no flags: it only asks for a fetch (SYNC).
 *
 * "connecting" is "not known to be connected": the first connection is covered by the initial
 * fetch, so only a connection that follows a disconnect resyncs.
 */

export interface UnreadFlagsContext {
  flags: UnreadFlags;
}

export type UnreadFlagsEvent =
  /** The user is logged in and has accepted the agreements. */
  | { type: 'ENABLE' }
  /** Logged out, or the agreements are (no longer) accepted. */
  | { type: 'DISABLE' }
  /** Fetch the flags now (e.g. after marking items read). */
  | { type: 'SYNC' }
  | { type: 'SOCKET_CONNECTED' }
  | { type: 'SOCKET_DISCONNECTED' }
  | { type: 'FLAGS_PUSHED'; flags: UnreadFlags }
  /** Internal: a push arrived (raised after FLAGS_PUSHED is stored). */
  | { type: 'PUSH_RECEIVED' };

export const unreadFlagsMachine = setup({
  types: {
    context: {} as UnreadFlagsContext,
    events: {} as UnreadFlagsEvent,
  },
  actors: {
    fetchFlags: fromPromise<UnreadFlags>(() => getUnreadFlags()),
    watchSocket: fromCallback<UnreadFlagsEvent>(({ sendBack }) =>
      subscribeUnread({
        onFlags: (flags) => sendBack({ type: 'FLAGS_PUSHED', flags }),
        onStale: () => sendBack({ type: 'SYNC' }),
        onConnected: () => sendBack({ type: 'SOCKET_CONNECTED' }),
        onDisconnected: () => sendBack({ type: 'SOCKET_DISCONNECTED' }),
      }),
    ),
  },
  actions: {
    sync: raise({ type: 'SYNC' }),
  },
  delays: {
    POLL: UNREAD_POLL_MS,
  },
}).createMachine({
  id: 'unreadFlags',
  context: { flags: NO_UNREAD },
  initial: 'disabled',
  states: {
    disabled: {
      entry: assign({ flags: NO_UNREAD }),
      on: { ENABLE: { target: 'enabled' } },
    },
    enabled: {
      type: 'parallel',
      invoke: { src: 'watchSocket' },
      on: {
        DISABLE: { target: 'disabled' },
        FLAGS_PUSHED: {
          actions: [assign({ flags: ({ event }) => event.flags }), raise({ type: 'PUSH_RECEIVED' })],
        },
      },
      states: {
        sync: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                src: 'fetchFlags',
                onDone: { target: 'idle', actions: assign({ flags: ({ event }) => event.output }) },
                // A background check: keep the last flags and try again later.
                onError: { target: 'idle' },
              },
              on: {
                SYNC: { target: 'fetching', reenter: true },
                PUSH_RECEIVED: { target: 'idle' },
              },
            },
            idle: {
              on: { SYNC: { target: 'fetching' } },
            },
          },
        },
        socket: {
          initial: 'connecting',
          states: {
            connecting: {
              on: {
                SOCKET_CONNECTED: { target: 'connected' },
                SOCKET_DISCONNECTED: { target: 'disconnected' },
                PUSH_RECEIVED: { target: 'connected' },
              },
              after: { POLL: { target: 'connecting', reenter: true, actions: 'sync' } },
            },
            connected: {
              on: { SOCKET_DISCONNECTED: { target: 'disconnected' } },
            },
            disconnected: {
              on: {
                // Pushes may have been missed while the socket was down.
                SOCKET_CONNECTED: { target: 'connected', actions: 'sync' },
                PUSH_RECEIVED: { target: 'connected' },
              },
              after: { POLL: { target: 'disconnected', reenter: true, actions: 'sync' } },
            },
          },
        },
      },
    },
  },
});

export type UnreadFlagsSnapshot = SnapshotFrom<typeof unreadFlagsMachine>;
export type UnreadFlagsActorRef = ActorRefFrom<typeof unreadFlagsMachine>;

export const selectUnreadFlags = (snapshot: UnreadFlagsSnapshot): UnreadFlags => snapshot.context.flags;
