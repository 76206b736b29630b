import type { AdminEventFeed, AdminEventPage, AdminEventView } from '@campus/contracts/admin-events';
import { assign, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { getAdminEventFeed } from '../api/get-admin-event-feed';
import { getAdminEventTypes } from '../api/get-admin-event-types';
import { getAdminEvents, type AdminEventPageRequest } from '../api/get-admin-events';
import { subscribeAdminEvents } from '../api/subscribe-admin-events';
import { capRows, matchesFilters, mergeEvents, mergeTypes, NO_FILTERS, normaliseFilters, type EventFilters } from '../event-list';

/** Rows kept while events stream in; older ones come back with もっと見る. */
export const LIVE_ROW_LIMIT = 500;
/** The feed is read this often even without a hint (a hint dies with a process killed right after its commit). */
export const FEED_POLL_MS = 5_000;
/** Events held behind a transaction still open are asked for again this soon (it usually ends within milliseconds). */
export const FEED_HELD_RETRY_MS = 200;
/** A failed read of the feed is tried again after this long. */
export const FEED_RETRY_MS = 5_000;

/**
 * The admin event stream (/admin/events): the history and the live feed, one list newest first,
 * unique by seq, under the same filters.
 *
 *   live (parallel regions):
 *     live:       running ── PAUSE ─→ paused (new events wait in the buffer) ── RESUME (merge) ─→ running
 *     connection: connecting ─ connect ─→ connected ─ disconnect ─→ reconnecting ─ connect ─→ connected
 *                 every connect raises READ_FEED; a reconnect also marks the list as catching up.
 *     history:    loading ─→ ready.idle ── LOAD_MORE ─→ ready.loadingMore ─→ ready.idle
 *                    └─→ failed ── RETRY ─→ loading
 *                 APPLY / SET_TYPE / CLEAR_FILTERS (anywhere) ─→ loading with an empty list.
 *     feed:       waiting ── FEED_FROM (the history page's feedCursor) ─→ reading ─→ read ─→ following
 *                 read ─→ reading again while not caught up or when a hint came meanwhile · ─→ holding
 *                 (events held behind an open transaction: read again in 200 ms) · reading ─→ failed
 *                 (read again in 5 s, or RETRY_FEED) · following ── READ_FEED (hint, connect) or every 5 s ─→ reading
 *                 FEED_RESET (the history starts over) ─→ waiting.
 *
 * The live content is never taken from the socket: its hint (`admin.eventsCommitted`) only says when
 * to read the feed after the cursor, so a lost hint or a dropped socket costs time, never an event,
 * and the server answers each committed event once along the chain of cursors.
 */

/** An error to show: the server's message, and the filter it names when the input was wrong. */
export interface ShownError {
  message: string;
  field: string | null;
}

export interface EventStreamContext {
  /** Newest first, unique by seq. */
  rows: AdminEventView[];
  /** Matching events that arrived while paused, newest first. */
  buffer: AdminEventView[];
  /** More than LIVE_ROW_LIMIT arrived while paused: the buffer no longer joins the rows. */
  bufferOverflowed: boolean;
  /** The history cursor for もっと見る; null when the oldest event is shown. */
  nextBefore: number | null;
  /** The cursor もっと見る asked with (a cap that moved it meanwhile makes the answer stale). */
  moreCursor: number | null;
  /** Where the feed goes on: the history page's `feedCursor`, then each answer's `cursor`; null until the page answers. */
  feedCursor: string | null;
  /** A hint came while the feed was being read: read again at once after it. */
  readAgain: boolean;
  /** Reading a backlog (after a reconnect, or more than one answer's worth): the page says it is catching up. */
  catchingUp: boolean;
  /** The last answer said events wait behind a transaction still open. */
  feedHeld: boolean;
  /** Applied to the list (history and live). */
  filters: EventFilters;
  /** As typed in the form. */
  draft: EventFilters;
  knownTypes: string[];
  loadError: ShownError | null;
  moreError: string | null;
}

export type EventStreamEvent =
  /** The socket's hint: events were committed. */
  | { type: 'EVENTS_COMMITTED' }
  | { type: 'SOCKET_CONNECTED' }
  | { type: 'SOCKET_DISCONNECTED' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  /** The 種類 select: applies at once. */
  | { type: 'SET_TYPE'; value: string }
  /** The 利用者ID input: applies with APPLY. */
  | { type: 'SET_USER_ID'; value: string }
  | { type: 'APPLY' }
  | { type: 'CLEAR_FILTERS' }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  /** The もう一度取得 button after a failed read of the feed. */
  | { type: 'RETRY_FEED' }
  /** Internal: read the feed now (a hint, a connect). */
  | { type: 'READ_FEED' }
  /** Internal: the history page answered; the feed goes on from its cursor. */
  | { type: 'FEED_FROM'; cursor: string }
  /** Internal: the history starts over; its next page brings a new cursor. */
  | { type: 'FEED_RESET' }
  /** Internal: events newer than the list (from the feed) — into the rows, or the buffer while paused. */
  | { type: 'NEW_EVENTS'; events: AdminEventView[] };

const shownError = (error: unknown): ShownError => ({
  message: errorMessageOf(error),
  field: isApiError(error) && error.field ? error.field : null,
});

export const eventStreamMachine = setup({
  types: {
    context: {} as EventStreamContext,
    events: {} as EventStreamEvent,
  },
  actors: {
    loadPage: fromPromise<AdminEventPage, AdminEventPageRequest>(({ input, signal }) => getAdminEvents(input, { signal })),
    loadTypes: fromPromise<string[]>(({ signal }) => getAdminEventTypes({ signal })),
    readFeed: fromPromise<AdminEventFeed, { after: string }>(({ input, signal }) => getAdminEventFeed(input.after, { signal })),
    watchEvents: fromCallback<EventStreamEvent>(({ sendBack }) =>
      subscribeAdminEvents({
        onCommitted: () => sendBack({ type: 'EVENTS_COMMITTED' }),
        onConnected: () => sendBack({ type: 'SOCKET_CONNECTED' }),
        onDisconnected: () => sendBack({ type: 'SOCKET_DISCONNECTED' }),
      }),
    ),
  },
  delays: {
    FEED_POLL: FEED_POLL_MS,
    FEED_HELD_RETRY: FEED_HELD_RETRY_MS,
    FEED_RETRY: FEED_RETRY_MS,
  },
  guards: {
    hasOlder: ({ context }) => context.nextBefore !== null,
    cursorMoved: ({ context }) => context.nextBefore !== context.moreCursor,
    readAgain: ({ context }) => context.readAgain,
    feedBehind: ({ context }) => context.catchingUp,
    feedHeld: ({ context }) => context.feedHeld,
  },
  actions: {
    startOver: assign({
      rows: [],
      buffer: [],
      bufferOverflowed: false,
      nextBefore: null,
      loadError: null,
      moreError: null,
    }),
    applyDraft: assign({ filters: ({ context }) => normaliseFilters(context.draft) }),
    markReadAgain: assign({ readAgain: true }),
    /** One answer of the feed: its events into the list (as the filters allow), its cursor for the next read. */
    takeFeed: enqueueActions(({ context, enqueue }, feed: AdminEventFeed) => {
      enqueue.assign({ feedCursor: feed.cursor, catchingUp: !feed.caughtUp, feedHeld: feed.held });
      if (feed.items.length === 0) return;
      enqueue.assign({ knownTypes: mergeTypes(context.knownTypes, feed.items.map((item) => item.type)) });
      const matching = feed.items.filter((item) => matchesFilters(item, context.filters));
      if (matching.length > 0) enqueue.raise({ type: 'NEW_EVENTS', events: matching });
    }),
  },
}).createMachine({
  id: 'eventStream',
  type: 'parallel',
  context: {
    rows: [],
    buffer: [],
    bufferOverflowed: false,
    nextBefore: null,
    moreCursor: null,
    feedCursor: null,
    readAgain: false,
    catchingUp: false,
    feedHeld: false,
    filters: NO_FILTERS,
    draft: NO_FILTERS,
    knownTypes: [],
    loadError: null,
    moreError: null,
  },
  invoke: [
    { src: 'watchEvents' },
    {
      src: 'loadTypes',
      onDone: { actions: assign({ knownTypes: ({ context, event }) => mergeTypes(context.knownTypes, event.output) }) },
      // Only the filter's options: the types seen live still fill it.
      onError: {},
    },
  ],
  on: {
    EVENTS_COMMITTED: { actions: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'READ_FEED' })) },
    SET_USER_ID: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, userId: event.value }) }) },
  },
  states: {
    live: {
      initial: 'running',
      states: {
        running: {
          on: {
            PAUSE: { target: 'paused' },
            NEW_EVENTS: {
              actions: assign(({ context, event }) => capRows(mergeEvents(context.rows, event.events), context.nextBefore, LIVE_ROW_LIMIT)),
            },
          },
        },
        paused: {
          on: {
            NEW_EVENTS: {
              actions: assign(({ context, event }) => {
                const shown = new Set(context.rows.map((row) => row.seq));
                const buffer = mergeEvents(context.buffer, event.events.filter((item) => !shown.has(item.seq)));
                if (buffer.length <= LIVE_ROW_LIMIT) return { buffer };
                return { buffer: buffer.slice(0, LIVE_ROW_LIMIT), bufferOverflowed: true };
              }),
            },
            RESUME: {
              target: 'running',
              actions: assign(({ context }) => {
                const { buffer } = context;
                // The buffer no longer meets the rows: it becomes the list, and もっと見る continues below it.
                const merged = context.bufferOverflowed
                  ? { rows: buffer, nextBefore: buffer.length > 0 ? buffer[buffer.length - 1]!.seq : context.nextBefore }
                  : capRows(mergeEvents(context.rows, buffer), context.nextBefore, LIVE_ROW_LIMIT);
                return { ...merged, buffer: [], bufferOverflowed: false };
              }),
            },
          },
        },
      },
    },
    connection: {
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            // Hints sent before the socket listened were missed: read.
            SOCKET_CONNECTED: { target: 'connected', actions: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'READ_FEED' })) },
            SOCKET_DISCONNECTED: { target: 'reconnecting' },
          },
        },
        connected: {
          on: { SOCKET_DISCONNECTED: { target: 'reconnecting' } },
        },
        reconnecting: {
          on: {
            SOCKET_CONNECTED: {
              target: 'connected',
              actions: enqueueActions(({ context, enqueue }) => {
                // What was committed while the socket was down is read now, from the cursor.
                if (context.feedCursor !== null) enqueue.assign({ catchingUp: true });
                enqueue.raise({ type: 'READ_FEED' });
              }),
            },
          },
        },
      },
    },
    history: {
      initial: 'loading',
      on: {
        APPLY: { target: '.loading', actions: ['applyDraft', 'startOver'] },
        SET_TYPE: {
          target: '.loading',
          actions: [assign({ draft: ({ context, event }) => ({ ...context.draft, type: event.value }) }), 'applyDraft', 'startOver'],
        },
        CLEAR_FILTERS: { target: '.loading', actions: [assign({ draft: NO_FILTERS }), 'applyDraft', 'startOver'] },
      },
      states: {
        loading: {
          // The feed read so far belongs to the old list: it waits for this page's cursor.
          entry: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'FEED_RESET' })),
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ filters: context.filters, before: null }),
            onDone: {
              target: 'ready',
              actions: enqueueActions(({ context, event, enqueue }) => {
                enqueue.assign(capRows(mergeEvents(context.rows, event.output.items), event.output.nextBefore, LIVE_ROW_LIMIT));
                enqueue.raise({ type: 'FEED_FROM', cursor: event.output.feedCursor });
              }),
            },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => shownError(event.error) }) },
          },
        },
        failed: {
          on: { RETRY: { target: 'loading', actions: 'startOver' } },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: { LOAD_MORE: { guard: 'hasOlder', target: 'loadingMore' } },
            },
            loadingMore: {
              entry: assign({ moreError: null, moreCursor: ({ context }) => context.nextBefore }),
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({ filters: context.filters, before: context.moreCursor }),
                onDone: [
                  // Live rows pushed the oldest out meanwhile: this page would leave a hole. Ask again.
                  { guard: 'cursorMoved', target: 'idle' },
                  {
                    target: 'idle',
                    actions: assign(({ context, event }) => ({
                      rows: mergeEvents(context.rows, event.output.items),
                      nextBefore: event.output.nextBefore,
                    })),
                  },
                ],
                onError: { target: 'idle', actions: assign({ moreError: ({ event }) => errorMessageOf(event.error) }) },
              },
            },
          },
        },
      },
    },
    feed: {
      initial: 'waiting',
      on: {
        FEED_RESET: { target: '.waiting', actions: assign({ feedCursor: null, readAgain: false, catchingUp: false }) },
      },
      states: {
        // Every new history page comes after a FEED_RESET (raised as its loading begins), so its cursor finds the feed here.
        waiting: {
          on: { FEED_FROM: { target: 'reading', actions: assign({ feedCursor: ({ event }) => event.cursor }) } },
        },
        reading: {
          entry: assign({ readAgain: false }),
          invoke: {
            src: 'readFeed',
            input: ({ context }) => ({ after: context.feedCursor! }),
            onDone: { target: 'read', actions: { type: 'takeFeed', params: ({ event }) => event.output } },
            onError: { target: 'failed' },
          },
          on: { READ_FEED: { actions: 'markReadAgain' } },
        },
        read: {
          always: [
            // More was already waiting, or a hint came meanwhile: read on at once.
            { guard: 'feedBehind', target: 'reading' },
            { guard: 'readAgain', target: 'reading' },
            { guard: 'feedHeld', target: 'holding' },
            { target: 'following' },
          ],
        },
        following: {
          after: { FEED_POLL: 'reading' },
          on: { READ_FEED: 'reading' },
        },
        holding: {
          after: { FEED_HELD_RETRY: 'reading' },
          on: { READ_FEED: 'reading' },
        },
        failed: {
          after: { FEED_RETRY: 'reading' },
          on: { READ_FEED: 'reading', RETRY_FEED: 'reading' },
        },
      },
    },
  },
});

export type EventStreamSnapshot = SnapshotFrom<typeof eventStreamMachine>;

export type HistoryStatus = 'loading' | 'failed' | 'ready';
export const selectHistoryStatus = (snapshot: EventStreamSnapshot): HistoryStatus =>
  snapshot.matches({ history: 'loading' }) ? 'loading' : snapshot.matches({ history: 'failed' }) ? 'failed' : 'ready';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting';
export const selectConnection = (snapshot: EventStreamSnapshot): ConnectionStatus =>
  snapshot.matches({ connection: 'connected' }) ? 'connected' : snapshot.matches({ connection: 'reconnecting' }) ? 'reconnecting' : 'connecting';

export const selectIsPaused = (snapshot: EventStreamSnapshot) => snapshot.matches({ live: 'paused' });
export const selectIsLoadingMore = (snapshot: EventStreamSnapshot) => snapshot.matches({ history: { ready: 'loadingMore' } });
export const selectIsCatchingUp = (snapshot: EventStreamSnapshot) => snapshot.context.catchingUp;
export const selectFeedFailed = (snapshot: EventStreamSnapshot) => snapshot.matches({ feed: 'failed' });
