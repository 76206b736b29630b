import type { LessonDetail } from '@campus/contracts/lessons';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';

/** A draft lesson's learner view: loading → shown | failed ── RETRY ─→ loading. The page provides `load`. */
export const lessonPreviewMachine = setup({
  types: { context: {} as { lesson: LessonDetail | null; error: string | null }, events: {} as { type: 'RETRY' } },
  actors: { load: fromPromise<LessonDetail>(() => Promise.reject(new Error('no lesson to preview'))) },
}).createMachine({
  id: 'lessonPreview',
  context: { lesson: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'shown', actions: assign({ lesson: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    shown: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
