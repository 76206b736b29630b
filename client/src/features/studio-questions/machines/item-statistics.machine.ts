import type { ItemStatistic, ItemStatistics } from '@campus/contracts/item-statistics';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { getItemStatistics } from '../api/studio-questions';

/** Columns the table sorts by. */
export type SortKey = 'questionId' | 'attempts' | 'pValue' | 'discrimination' | 'exposure' | 'lastDrawnAt';
export interface Sort {
  key: SortKey;
  descending: boolean;
}

/**
 * A bank's item statistics: loading → ready | failed ── RETRY ─→ loading; ready ── SORT ─→ ready (the same column again:
 * the other way), SELECT ─→ ready (the question whose chart is shown).
 */
export const itemStatisticsMachine = setup({
  types: {
    input: {} as { courseSlug: string; selected: string | null },
    context: {} as { courseSlug: string; stats: ItemStatistics | null; sort: Sort; selected: string | null; error: string | null },
    events: {} as { type: 'SORT'; key: SortKey } | { type: 'SELECT'; questionId: string } | { type: 'RETRY' },
  },
  actors: { load: fromPromise<ItemStatistics, { courseSlug: string }>(({ input }) => getItemStatistics(input.courseSlug)) },
}).createMachine({
  id: 'itemStatistics',
  context: ({ input }) => ({ courseSlug: input.courseSlug, stats: null, sort: { key: 'questionId', descending: false }, selected: input.selected, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ courseSlug: context.courseSlug }),
        onDone: { target: 'ready', actions: assign({ stats: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        SORT: { actions: assign({ sort: ({ context, event }) => ({ key: event.key, descending: context.sort.key === event.key ? !context.sort.descending : event.key !== 'questionId' }) }) },
        SELECT: { actions: assign({ selected: ({ event }) => event.questionId }) },
      },
    },
  },
});

/** The items in the table's order; an item without the figure (never drawn) comes last either way. */
export function sortedItems(items: readonly ItemStatistic[], sort: Sort): ItemStatistic[] {
  return [...items].sort((a, b) => {
    const [x, y] = [a[sort.key], b[sort.key]];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return sort.descending ? -order : order;
  });
}
