import type { ExamPreview } from '@campus/contracts/studio-questions';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { previewExamDraw } from '../api/studio-questions';

/**
 * A sample exam from the working bank, read-only.
 *
 *   drawing ─ done ─→ ready ── REDRAW ─→ drawing      error ─→ failed ── RETRY ─→ drawing
 *   ready ── TOGGLE_ANSWERS ─→ ready (right choices and explanations shown or hidden)
 *         ── CHOOSE ─→ ready (the admin tries the questions as a learner would; nothing is sent)
 *         ── GO ─→ ready (one question at a time, as the exam shows them)
 */
export interface ExamPreviewContext {
  courseSlug: string;
  preview: ExamPreview | null;
  showAnswers: boolean;
  chosen: Record<string, string[]>;
  /** The question shown (0-based). */
  current: number;
  error: string | null;
}

export type ExamPreviewEvent =
  | { type: 'REDRAW' }
  | { type: 'RETRY' }
  | { type: 'TOGGLE_ANSWERS' }
  | { type: 'GO'; index: number }
  | { type: 'CHOOSE'; questionId: string; choiceId: string; checked: boolean; multiple: boolean };

/** The choices after one is ticked: a radio replaces, a checkbox adds or removes. */
export function chosenAfter(current: readonly string[], choiceId: string, checked: boolean, multiple: boolean): string[] {
  if (!multiple) return checked ? [choiceId] : [];
  return checked ? [...new Set([...current, choiceId])] : current.filter((id) => id !== choiceId);
}

export const examPreviewMachine = setup({
  types: {
    input: {} as { courseSlug: string },
    context: {} as ExamPreviewContext,
    events: {} as ExamPreviewEvent,
  },
  actors: { draw: fromPromise<ExamPreview, { courseSlug: string }>(({ input }) => previewExamDraw(input.courseSlug)) },
}).createMachine({
  id: 'examPreview',
  context: ({ input }) => ({ courseSlug: input.courseSlug, preview: null, showAnswers: false, chosen: {}, current: 0, error: null }),
  initial: 'drawing',
  states: {
    drawing: {
      invoke: {
        src: 'draw',
        input: ({ context }) => ({ courseSlug: context.courseSlug }),
        onDone: { target: 'ready', actions: assign({ preview: ({ event }) => event.output, chosen: {}, current: 0, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'drawing' } },
    ready: {
      on: {
        REDRAW: 'drawing',
        GO: {
          guard: ({ context, event }) => event.index >= 0 && event.index < (context.preview?.questions.length ?? 0),
          actions: assign({ current: ({ event }) => event.index }),
        },
        TOGGLE_ANSWERS: { actions: assign({ showAnswers: ({ context }) => !context.showAnswers }) },
        CHOOSE: {
          actions: assign({
            chosen: ({ context, event }) => ({ ...context.chosen, [event.questionId]: chosenAfter(context.chosen[event.questionId] ?? [], event.choiceId, event.checked, event.multiple) }),
          }),
        },
      },
    },
  },
});
