import type { AnalyticsLogEntry, AnalyticsLogPage, AnalyticsSummary } from '@campus/contracts/analytics-log';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { addDays } from '@campus/contracts/tokyo-date';
import { fieldMessageOf } from '../../../lib/submission-errors';
import { getAnalyticsLog, NO_LOG_FILTERS, type LogFilters, type LogPageRequest } from '../api/get-analytics-log';
import { getAnalyticsSummary, type SummaryRange } from '../api/get-analytics-summary';

/** The server's default too: the last 30 days, today included (days in Japan time). */
export const DEFAULT_SUMMARY_DAYS = 30;

/**
 * The access log page (/admin/analytics-log): a summary over a range of days, and the reports newest
 * first. Two regions, each with its own form, so one failing leaves the other usable.
 *
 *   summary: loading ─ done ─→ shown ── APPLY_RANGE ─→ loading
 *               │  └─ 400 ─→ shown (the message by the dates; the last figures stay)
 *               └── other failure ─→ failed ── RETRY_SUMMARY / APPLY_RANGE ─→ loading
 *
 *   list:    loading ─ done ─→ ready.idle ── LOAD_MORE ─→ ready.loadingMore ─→ ready.idle
 *               └── failure ─→ failed ── RETRY_LIST ─→ loading
 *            APPLY_FILTERS / CLEAR_FILTERS / FILTER_BY_LEARNER (anywhere) ─→ loading with an empty list.
 *
 * Forms are edited freely (EDIT_*) and only the APPLY events ask the server; what was typed is kept.
 */

/** An error to show: the message, and the input the server named when the input was wrong. */
export interface ShownError {
  message: string;
  field: string | null;
}

export interface AnalyticsLogContext {
  rangeForm: SummaryRange;
  /** What the figures on screen (or on their way) were asked for. */
  appliedRange: SummaryRange;
  summary: AnalyticsSummary | null;
  rangeError: ShownError | null;
  summaryError: string | null;
  filterForm: LogFilters;
  filters: LogFilters;
  /** Newest first. */
  rows: AnalyticsLogEntry[];
  /** The cursor for もっと見る; null when the oldest report is shown. */
  nextBefore: number | null;
  listError: ShownError | null;
  moreError: string | null;
}

export type AnalyticsLogEvent =
  | { type: 'EDIT_RANGE'; field: keyof SummaryRange; value: string }
  | { type: 'APPLY_RANGE' }
  | { type: 'RETRY_SUMMARY' }
  | { type: 'EDIT_FILTER'; field: keyof LogFilters; value: string }
  | { type: 'APPLY_FILTERS' }
  | { type: 'CLEAR_FILTERS' }
  /** A learner's name in the list: only their reports. */
  | { type: 'FILTER_BY_LEARNER'; userId: string }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY_LIST' };

const shownError = (error: unknown): ShownError => ({
  message: isApiError(error) && error.status === 400 ? fieldMessageOf(error) : errorMessageOf(error),
  field: isApiError(error) && error.status === 400 ? (error.field ?? null) : null,
});

const isInputError = (error: unknown) => isApiError(error) && error.status === 400;

export const analyticsLogMachine = setup({
  types: {
    context: {} as AnalyticsLogContext,
    events: {} as AnalyticsLogEvent,
    /** Today in Japan (YYYY-MM-DD): the default range ends there. */
    input: {} as { today: string },
  },
  actors: {
    loadSummary: fromPromise<AnalyticsSummary, SummaryRange>(({ input, signal }) => getAnalyticsSummary(input, { signal })),
    loadPage: fromPromise<AnalyticsLogPage, LogPageRequest>(({ input, signal }) => getAnalyticsLog(input, { signal })),
  },
  guards: {
    hasOlder: ({ context }) => context.nextBefore !== null,
  },
  actions: {
    applyRange: assign({ appliedRange: ({ context }) => context.rangeForm, rangeError: null, summaryError: null }),
    startList: assign({ rows: [], nextBefore: null, listError: null, moreError: null }),
  },
}).createMachine({
  id: 'analyticsLog',
  type: 'parallel',
  context: ({ input }) => {
    const range = { from: addDays(input.today, -(DEFAULT_SUMMARY_DAYS - 1)), to: input.today };
    return {
      rangeForm: range,
      appliedRange: range,
      summary: null,
      rangeError: null,
      summaryError: null,
      filterForm: NO_LOG_FILTERS,
      filters: NO_LOG_FILTERS,
      rows: [],
      nextBefore: null,
      listError: null,
      moreError: null,
    };
  },
  on: {
    EDIT_RANGE: { actions: assign({ rangeForm: ({ context, event }) => ({ ...context.rangeForm, [event.field]: event.value }) }) },
    EDIT_FILTER: { actions: assign({ filterForm: ({ context, event }) => ({ ...context.filterForm, [event.field]: event.value }) }) },
  },
  states: {
    summary: {
      initial: 'loading',
      on: { APPLY_RANGE: { target: '.loading', reenter: true, actions: 'applyRange' } },
      states: {
        loading: {
          invoke: {
            src: 'loadSummary',
            input: ({ context }) => context.appliedRange,
            onDone: { target: 'shown', actions: assign({ summary: ({ event }) => event.output }) },
            onError: [
              { guard: ({ event }) => isInputError(event.error), target: 'shown', actions: assign({ rangeError: ({ event }) => shownError(event.error) }) },
              { target: 'failed', actions: assign({ summaryError: ({ event }) => errorMessageOf(event.error) }) },
            ],
          },
        },
        shown: {},
        failed: {
          on: { RETRY_SUMMARY: { target: 'loading', actions: assign({ summaryError: null }) } },
        },
      },
    },
    list: {
      initial: 'loading',
      on: {
        APPLY_FILTERS: { target: '.loading', reenter: true, actions: [assign({ filters: ({ context }) => context.filterForm }), 'startList'] },
        CLEAR_FILTERS: { target: '.loading', reenter: true, actions: [assign({ filterForm: NO_LOG_FILTERS, filters: NO_LOG_FILTERS }), 'startList'] },
        FILTER_BY_LEARNER: {
          target: '.loading',
          reenter: true,
          actions: [
            assign(({ context, event }) => {
              // The form shows what is applied: edits not yet applied give way to the click.
              const filters = { ...context.filters, userId: event.userId };
              return { filters, filterForm: filters };
            }),
            'startList',
          ],
        },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ filters: context.filters, before: null }),
            onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output.items, nextBefore: ({ event }) => event.output.nextBefore }) },
            onError: { target: 'failed', actions: assign({ listError: ({ event }) => shownError(event.error) }) },
          },
        },
        failed: {
          on: { RETRY_LIST: { target: 'loading', actions: 'startList' } },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: { LOAD_MORE: { guard: 'hasOlder', target: 'loadingMore' } },
            },
            loadingMore: {
              entry: assign({ moreError: null }),
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({ filters: context.filters, before: context.nextBefore }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => {
                    // A report on both pages (none expected with an id cursor) is shown once.
                    const shown = new Set(context.rows.map((row) => row.id));
                    return { rows: [...context.rows, ...event.output.items.filter((item) => !shown.has(item.id))], nextBefore: event.output.nextBefore };
                  }),
                },
                onError: { target: 'idle', actions: assign({ moreError: ({ event }) => errorMessageOf(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
});

export type AnalyticsLogSnapshot = SnapshotFrom<typeof analyticsLogMachine>;

export type SummaryStatus = 'loading' | 'shown' | 'failed';
export const selectSummaryStatus = (snapshot: AnalyticsLogSnapshot): SummaryStatus =>
  snapshot.matches({ summary: 'loading' }) ? 'loading' : snapshot.matches({ summary: 'failed' }) ? 'failed' : 'shown';

export type ListStatus = 'loading' | 'failed' | 'ready';
export const selectListStatus = (snapshot: AnalyticsLogSnapshot): ListStatus =>
  snapshot.matches({ list: 'loading' }) ? 'loading' : snapshot.matches({ list: 'failed' }) ? 'failed' : 'ready';

export const selectIsLoadingMore = (snapshot: AnalyticsLogSnapshot) => snapshot.matches({ list: { ready: 'loadingMore' } });
export const selectIsFiltered = (snapshot: AnalyticsLogSnapshot) => Object.values(snapshot.context.filters).some((value) => value !== '');
