import type { LegacyBadgeImportList } from '@campus/contracts/legacy-badge-imports';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { listLegacyImports } from '../api/list-legacy-imports';

/**
 * The past imports under the form.
 *
 *   loading ─ done ─→ ready ── REFRESH (an import finished) ─→ loading (the old list stays on screen)
 *      └── error ─→ failed ── RETRY / REFRESH ─→ loading
 */

export interface ImportHistoryContext {
  list: LegacyBadgeImportList | null;
  error: string | null;
}

export const importHistoryMachine = setup({
  types: {
    context: {} as ImportHistoryContext,
    events: {} as { type: 'RETRY' } | { type: 'REFRESH' },
  },
  actors: {
    loadList: fromPromise<LegacyBadgeImportList>(() => listLegacyImports()),
  },
}).createMachine({
  id: 'importHistory',
  context: { list: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadList',
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    ready: {
      on: { REFRESH: { target: 'loading' } },
    },
    failed: {
      on: { RETRY: { target: 'loading' }, REFRESH: { target: 'loading' } },
    },
  },
});

export type ImportHistorySnapshot = SnapshotFrom<typeof importHistoryMachine>;
