import type { LessonPreview } from '@campus/contracts/studio-courses';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { previewLessonMarkdown } from '../api/studio-courses';

/** How long typing pauses before the preview is asked for: one request per pause, not per key. */
export const PREVIEW_PAUSE_MS = 500;

/**
 * The Markdown editor's live preview, rendered by the server exactly as the lesson page is.
 *
 *   waiting ── TEXT ─→ waiting (restarts the pause) ─ after the pause ─→ rendering ─ done ─→ shown / error ─→ failed
 *   rendering ── TEXT ─→ waiting (the older answer is dropped)
 */
export const markdownPreviewMachine = setup({
  types: {
    input: {} as { body: string },
    context: {} as { body: string; preview: LessonPreview | null; error: string | null },
    events: {} as { type: 'TEXT'; body: string },
  },
  actors: {
    render: fromPromise<LessonPreview, { body: string }>(({ input, signal }) => previewLessonMarkdown(input.body, signal)),
  },
  delays: { pause: PREVIEW_PAUSE_MS },
}).createMachine({
  id: 'markdownPreview',
  context: ({ input }) => ({ body: input.body, preview: null, error: null }),
  initial: 'rendering',
  on: { TEXT: { target: '.waiting', actions: assign({ body: ({ event }) => event.body }) } },
  states: {
    waiting: { after: { pause: 'rendering' } },
    rendering: {
      invoke: {
        src: 'render',
        input: ({ context }) => ({ body: context.body }),
        onDone: { target: 'shown', actions: assign({ preview: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    shown: {},
    failed: {},
  },
});
