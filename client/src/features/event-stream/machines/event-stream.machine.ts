import type { AdminEventPage, AdminEventView } from '@campus/contracts/admin-events';
import { assign, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { getAdminEventTypes } from '../api/get-admin-event-types';
import { getAdminEvents, type AdminEventPageRequest } from '../api/get-admin-events';
import { subscribeAdminEvents } from '../api/subscribe-admin-events';
import {
  capRows,
  matchesFilters,
  mergeEvents,
  mergeTypes,
  newestSeq,
  NO_FILTERS,
  normaliseFilters,
  type EventFilters,
} from '../event-list';

/** Rows kept while events stream in; older ones come back with もっと見る. */
export const LIVE_ROW_LIMIT = 500;
/** A gap wider than this many history pages is not stitched: the list starts again from the newest page. */
export const GAP_FILL_MAX_PAGES = LIVE_ROW_LIMIT / 50;

/**
 * The admin event stream (/admin/events): live pushes and the history, one list newest first,
 * unique by seq, under the same filters.
 *
 *   live (parallel regions):
 *     live:       running ── PAUSE ─→ paused (new events wait in the buffer) ── RESUME (merge) ─→ running
 *     connection: connecting ─ connect ─→ connected ─ disconnect ─→ reconnecting ─ connect ─→ connected
 *                 every connect raises FILL_GAP: events appended while no socket listened are fetched.
 *     history:    loading ─→ ready.idle ── LOAD_MORE ─→ ready.loadingMore ─→ ready.idle
 *                    └─→ failed ── RETRY ─→ loading         └── FILL_GAP ─→ ready.filling ─→ ready.idle
 *                 APPLY / SET_TYPE / CLEAR_FILTERS (anywhere) ─→ loading with an empty list.
 *
 * Gap fill: the history is paged newest first by `before`, so pages are fetched from the top until
 * one reaches a seq already shown (the newest shown when the fill began). Events newer than that
 * arrive as new (into the buffer while paused); older ones fill holes silently. A gap wider than
 * GAP_FILL_MAX_PAGES replaces the list rather than leave a hole in it. A FILL_GAP while the
 * history is busy is remembered and runs when it is idle.
 */

/** An error to show: the server's message, and the filter it names when the input was wrong. */
export interface ShownError {
  message: string;
  field: string | null;
}

interface GapFill {
  /** The newest seq shown when the fill began; null when nothing was shown (the newest page is all new). */
  since: number | null;
  cursor: number | null;
  pages: number;
  found: AdminEventView[];
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
  /** Applied to the list (history and live). */
  filters: EventFilters;
  /** As typed in the form. */
  draft: EventFilters;
  knownTypes: string[];
  loadError: ShownError | null;
  moreError: string | null;
  gapPending: boolean;
  gapFailed: boolean;
  gap: GapFill;
}

export type EventStreamEvent =
  | { type: 'EVENT_RECEIVED'; event: AdminEventView }
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
  | { type: 'FILL_GAP' }
  /** Internal: events newer than the list (a push, or a gap fill) — into the rows, or the buffer while paused. */
  | { type: 'NEW_EVENTS'; events: AdminEventView[] };

const NO_GAP: GapFill = { since: null, cursor: null, pages: 0, found: [] };

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
    watchEvents: fromCallback<EventStreamEvent>(({ sendBack }) =>
      subscribeAdminEvents({
        onEvent: (event) => sendBack({ type: 'EVENT_RECEIVED', event }),
        onConnected: () => sendBack({ type: 'SOCKET_CONNECTED' }),
        onDisconnected: () => sendBack({ type: 'SOCKET_DISCONNECTED' }),
      }),
    ),
  },
  guards: {
    hasOlder: ({ context }) => context.nextBefore !== null,
    gapPending: ({ context }) => context.gapPending,
    cursorMoved: ({ context }) => context.nextBefore !== context.moreCursor,
    gapClosed: ({ context: { gap } }) => gap.since === null || gap.cursor === null || gap.found.some((event) => event.seq <= gap.since!),
    gapTooWide: ({ context }) => context.gap.pages >= GAP_FILL_MAX_PAGES,
  },
  actions: {
    startOver: assign({
      rows: [],
      buffer: [],
      bufferOverflowed: false,
      nextBefore: null,
      loadError: null,
      moreError: null,
      gapPending: false,
      gapFailed: false,
    }),
    applyDraft: assign({ filters: ({ context }) => normaliseFilters(context.draft) }),
    markGapPending: assign({ gapPending: true }),
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
    filters: NO_FILTERS,
    draft: NO_FILTERS,
    knownTypes: [],
    loadError: null,
    moreError: null,
    gapPending: false,
    gapFailed: false,
    gap: NO_GAP,
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
    EVENT_RECEIVED: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.assign({ knownTypes: mergeTypes(context.knownTypes, [event.event.type]) });
        if (matchesFilters(event.event, context.filters)) enqueue.raise({ type: 'NEW_EVENTS', events: [event.event] });
      }),
    },
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
            // The first page may have been read before the socket listened: look again.
            SOCKET_CONNECTED: { target: 'connected', actions: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'FILL_GAP' })) },
            SOCKET_DISCONNECTED: { target: 'reconnecting' },
          },
        },
        connected: {
          on: { SOCKET_DISCONNECTED: { target: 'reconnecting' } },
        },
        reconnecting: {
          on: {
            SOCKET_CONNECTED: { target: 'connected', actions: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'FILL_GAP' })) },
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
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ filters: context.filters, before: null }),
            onDone: {
              target: 'ready',
              // Pushes that came while the page loaded are kept: the merge drops the duplicates.
              actions: assign(({ context, event }) => capRows(mergeEvents(context.rows, event.output.items), event.output.nextBefore, LIVE_ROW_LIMIT)),
            },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => shownError(event.error) }) },
          },
          on: { FILL_GAP: { actions: 'markGapPending' } },
        },
        failed: {
          on: { RETRY: { target: 'loading', actions: 'startOver' } },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'gapPending', target: 'filling' },
              on: {
                LOAD_MORE: { guard: 'hasOlder', target: 'loadingMore' },
                FILL_GAP: { target: 'filling' },
              },
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
              on: { FILL_GAP: { actions: 'markGapPending' } },
            },
            filling: {
              entry: assign(({ context }) => ({
                gapPending: false,
                gapFailed: false,
                gap: { ...NO_GAP, since: newestSeq(context.rows, context.buffer) },
              })),
              initial: 'fetching',
              on: { FILL_GAP: { actions: 'markGapPending' } },
              states: {
                fetching: {
                  invoke: {
                    src: 'loadPage',
                    input: ({ context }) => ({ filters: context.filters, before: context.gap.cursor }),
                    onDone: {
                      target: 'checking',
                      actions: assign({
                        gap: ({ context: { gap }, event }) => ({
                          since: gap.since,
                          cursor: event.output.nextBefore,
                          pages: gap.pages + 1,
                          found: mergeEvents(gap.found, event.output.items),
                        }),
                      }),
                    },
                    onError: { target: '#eventStream.history.ready.idle', actions: assign({ gapFailed: true }) },
                  },
                },
                checking: {
                  always: [
                    {
                      guard: 'gapClosed',
                      target: '#eventStream.history.ready.idle',
                      actions: enqueueActions(({ context: { gap, rows, nextBefore }, enqueue }) => {
                        const since = gap.since;
                        const newer = since === null ? gap.found : gap.found.filter((event) => event.seq > since);
                        const holes = since === null ? [] : gap.found.filter((event) => event.seq <= since);
                        if (holes.length > 0) enqueue.assign(capRows(mergeEvents(rows, holes), nextBefore, LIVE_ROW_LIMIT));
                        if (newer.length > 0) enqueue.raise({ type: 'NEW_EVENTS', events: newer });
                      }),
                    },
                    {
                      guard: 'gapTooWide',
                      target: '#eventStream.history.ready.idle',
                      actions: assign(({ context: { gap } }) => ({
                        ...capRows(gap.found, gap.cursor, LIVE_ROW_LIMIT),
                        buffer: [],
                        bufferOverflowed: false,
                      })),
                    },
                    { target: 'fetching' },
                  ],
                },
              },
            },
          },
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
export const selectIsFillingGap = (snapshot: EventStreamSnapshot) => snapshot.matches({ history: { ready: 'filling' } });
