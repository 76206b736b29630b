import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { MarkedRead } from '@campus/contracts/notifications';
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { markFeedRead } from '../api/mark-feed-read';

/**
 * 「すべて既読にする」 on a feed list (spec §4).
 *
 *   idle ── MARK {ids} ─→ marking ─ done ─→ marked (emits `marked`) ── MARK ─→ marking
 *                              └── failed ─→ idle (the api client's popup already spoke)
 *
 * `readIds` are the items that were on screen when the learner asked: once the server agrees they
 * show as read at once, while the page reloads the list. An item that arrives later is not among
 * them, so it still shows 未読.
 */

export interface MarkAllReadContext {
  feed: FeedCategory;
  /** The items on screen when MARK was sent. */
  askedIds: readonly string[];
  readIds: ReadonlySet<string>;
}

export type MarkAllReadEvent = { type: 'MARK'; ids: readonly string[] };

export type MarkAllReadEmitted = { type: 'marked'; markedCount: number };

export const markAllReadMachine = setup({
  types: {
    context: {} as MarkAllReadContext,
    events: {} as MarkAllReadEvent,
    input: {} as { feed: FeedCategory },
    emitted: {} as MarkAllReadEmitted,
  },
  actors: {
    markRead: fromPromise<MarkedRead, { feed: FeedCategory }>(({ input }) => markFeedRead(input.feed)),
  },
  actions: {
    remember: assign({ askedIds: ({ event }) => event.ids }),
  },
}).createMachine({
  id: 'markAllRead',
  context: ({ input }) => ({ feed: input.feed, askedIds: [], readIds: new Set() }),
  initial: 'idle',
  states: {
    idle: {
      on: { MARK: { target: 'marking', actions: 'remember' } },
    },
    marking: {
      invoke: {
        src: 'markRead',
        input: ({ context }) => ({ feed: context.feed }),
        onDone: {
          target: 'marked',
          actions: [
            assign({ readIds: ({ context }) => new Set([...context.readIds, ...context.askedIds]) }),
            emit(({ event }) => ({ type: 'marked', markedCount: event.output.markedCount })),
          ],
        },
        onError: { target: 'idle' },
      },
    },
    marked: {
      on: { MARK: { target: 'marking', actions: 'remember' } },
    },
  },
});

export type MarkAllReadSnapshot = SnapshotFrom<typeof markAllReadMachine>;

export const selectReadIds = (snapshot: MarkAllReadSnapshot): ReadonlySet<string> => snapshot.context.readIds;

/** Whether the item shows as read: its own flag, or marked by this page a moment ago. */
export const isShownRead = (readIds: ReadonlySet<string>, item: { id: string; isRead: boolean }): boolean =>
  item.isRead || readIds.has(item.id);
