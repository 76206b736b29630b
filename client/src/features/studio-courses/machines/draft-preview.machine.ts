import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';

/**
 * A draft's learner view, its course page or one lesson, fetched by `load`:
 *   loading ─ done ─→ shown / error ─→ failed ── RETRY ─→ loading
 */
export function draftPreviewMachineOf<T>(load: () => Promise<T>) {
  return setup({
    types: { context: {} as { preview: T | null; error: string | null }, events: {} as { type: 'RETRY' } },
    actors: { load: fromPromise<T>(load) },
  }).createMachine({
    id: 'draftPreview',
    context: { preview: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          onDone: { target: 'shown', actions: assign({ preview: ({ event }) => event.output, error: null }) },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
        },
      },
      shown: {},
      failed: { on: { RETRY: 'loading' } },
    },
  });
}
