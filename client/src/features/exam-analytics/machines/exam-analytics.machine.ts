import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { fieldMessageOf } from '../../../lib/submission-errors';
import { defaultRange } from '../analytics-range';
import { getExamAnalytics, type AnalyticsQuery } from '../api/get-exam-analytics';
import { HARDEST_FIRST, nextQuestionOrder, type QuestionOrder, type QuestionSortColumn } from '../question-order';

/**
 * The exam analytics page (/admin/analytics).
 *
 *   loading ─ done ─→ shown ── APPLY ─→ loading
 *      │  └─ 400 ─→ shown (the server's message by the inputs; the last charts stay)
 *      └── other failure ─→ failed ── RETRY / APPLY ─→ loading
 *
 * The form is edited freely (EDIT) and only APPLY asks the server; what was typed is never lost.
 * SORT_QUESTIONS orders the hardest-questions table on the page, in any state; it asks nothing.
 */

export interface InputError {
  message: string;
  /** The query field the server named (from, to, granularity, courseSlug); null when it named none. */
  field: string | null;
}

export interface ExamAnalyticsContext {
  form: AnalyticsQuery;
  /** What the charts on screen (or on their way) were asked for. */
  applied: AnalyticsQuery;
  data: ExamAnalytics | null;
  inputError: InputError | null;
  loadError: string | null;
  /** How the hardest-questions table is ordered; kept across new ranges. */
  questionOrder: QuestionOrder;
}

export type ExamAnalyticsEvent =
  | { type: 'EDIT'; field: 'from' | 'to' | 'courseSlug'; value: string }
  | { type: 'EDIT'; field: 'granularity'; value: AnalyticsQuery['granularity'] }
  | { type: 'APPLY' }
  | { type: 'RETRY' }
  | { type: 'SORT_QUESTIONS'; column: QuestionSortColumn };

const isInputError = (error: unknown): boolean => isApiError(error) && error.status === 400;

export const examAnalyticsMachine = setup({
  types: {
    context: {} as ExamAnalyticsContext,
    events: {} as ExamAnalyticsEvent,
    /** Today in Japan (YYYY-MM-DD): the default range ends there. */
    input: {} as { today: string },
  },
  actors: {
    loadAnalytics: fromPromise<ExamAnalytics, AnalyticsQuery>(({ input, signal }) => getExamAnalytics(input, { signal })),
  },
  actions: {
    apply: assign({ applied: ({ context }) => context.form, inputError: null, loadError: null }),
  },
}).createMachine({
  id: 'examAnalytics',
  context: ({ input }) => {
    const form: AnalyticsQuery = { ...defaultRange(input.today), granularity: 'day', courseSlug: '' };
    return { form, applied: form, data: null, inputError: null, loadError: null, questionOrder: HARDEST_FIRST };
  },
  initial: 'loading',
  on: {
    EDIT: { actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }) },
    SORT_QUESTIONS: { actions: assign({ questionOrder: ({ context, event }) => nextQuestionOrder(context.questionOrder, event.column) }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadAnalytics',
        input: ({ context }) => context.applied,
        onDone: { target: 'shown', actions: assign({ data: ({ event }) => event.output }) },
        onError: [
          {
            guard: ({ event }) => isInputError(event.error),
            target: 'shown',
            actions: assign({
              inputError: ({ event }) => ({
                message: fieldMessageOf(event.error),
                field: isApiError(event.error) ? (event.error.field ?? null) : null,
              }),
            }),
          },
          { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
        ],
      },
      on: { APPLY: { target: 'loading', reenter: true, actions: 'apply' } },
    },
    shown: {
      on: { APPLY: { target: 'loading', actions: 'apply' } },
    },
    failed: {
      on: {
        RETRY: { target: 'loading', actions: assign({ loadError: null }) },
        APPLY: { target: 'loading', actions: 'apply' },
      },
    },
  },
});

export type ExamAnalyticsSnapshot = SnapshotFrom<typeof examAnalyticsMachine>;

export const selectIsLoading = (snapshot: ExamAnalyticsSnapshot) => snapshot.matches('loading');
export const selectHasFailed = (snapshot: ExamAnalyticsSnapshot) => snapshot.matches('failed');
