import { assign, setup, type SnapshotFrom } from 'xstate';
import { trackEvent } from '../../../lib/analytics';

/**
 * One 確認問題 (answer check) of a lesson: the learner's own self-test, not an exam, so the answer
 * travels with the lesson and is checked here.
 *
 *   unanswered ── SELECT i (any number of times) ── CHECK (a choice selected) ──→ correct | incorrect
 *        ↑                                                                            │
 *        └──────────────────────────────── RETRY (「もう一度」) ────────────────────────┘
 */

export interface AnswerCheckInput {
  /** Index of the right choice. */
  answer: number;
  /** For analytics: which check of the lesson this is. */
  label: string;
}

export interface AnswerCheckContext {
  answer: number;
  label: string;
  /** The choice the learner picked; null until one is picked (and again after 「もう一度」). */
  selected: number | null;
}

export type AnswerCheckEvent = { type: 'SELECT'; index: number } | { type: 'CHECK' } | { type: 'RETRY' };

export const answerCheckMachine = setup({
  types: {
    input: {} as AnswerCheckInput,
    context: {} as AnswerCheckContext,
    events: {} as AnswerCheckEvent,
  },
  guards: {
    hasSelection: ({ context }) => context.selected !== null,
    isRight: ({ context }) => context.selected === context.answer,
  },
  actions: {
    /** Spec §2: the lesson page's "answer check" analytics event. */
    track: ({ context }) => {
      trackEvent('lesson_answer_check', { check: context.label, correct: context.selected === context.answer });
    },
  },
}).createMachine({
  id: 'answerCheck',
  context: ({ input }) => ({ answer: input.answer, label: input.label, selected: null }),
  initial: 'unanswered',
  states: {
    unanswered: {
      on: {
        SELECT: { actions: assign({ selected: ({ event }) => event.index }) },
        CHECK: { guard: 'hasSelection', target: 'answered' },
      },
    },
    answered: {
      entry: 'track',
      initial: 'judging',
      states: {
        judging: {
          always: [{ guard: 'isRight', target: 'correct' }, { target: 'incorrect' }],
        },
        correct: {},
        incorrect: {},
      },
      on: {
        RETRY: { target: 'unanswered', actions: assign({ selected: null }) },
      },
    },
  },
});

export type AnswerCheckSnapshot = SnapshotFrom<typeof answerCheckMachine>;

export type AnswerCheckResult = 'unanswered' | 'correct' | 'incorrect';

export function selectResult(snapshot: AnswerCheckSnapshot): AnswerCheckResult {
  if (snapshot.matches({ answered: 'correct' })) return 'correct';
  if (snapshot.matches({ answered: 'incorrect' })) return 'incorrect';
  return 'unanswered';
}

export const selectSelected = (snapshot: AnswerCheckSnapshot): number | null => snapshot.context.selected;
export const selectCanCheck = (snapshot: AnswerCheckSnapshot): boolean =>
  snapshot.matches('unanswered') && snapshot.context.selected !== null;
