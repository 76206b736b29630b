import type { BankQuestion, ExamBlueprint, QuestionBank, QuestionBankQuery, QuestionFields } from '@campus/contracts/studio-questions';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { fieldMessageOf } from '../../../lib/submission-errors';
import type { ItemStatistic } from '@campus/contracts/item-statistics';
import { changeBankQuestionStatus, getItemStatistics, getQuestionBank, listBankQuestionVersions, saveBankQuestion, updateBlueprint } from '../api/studio-questions';

/**
 * A certification course's question bank in the studio.
 *
 *   loading ─→ ready ── FILTER ─→ loading
 *   ready ── NEW / OPEN(id) ─→ ready (the editor holds a copy; EDIT_* change it)
 *         ── SAVE ─→ saving ─→ loading (the saved version opened) | ready (the field's message) | conflict
 *         ── MOVE(review | published | retired) ─→ moving ─→ loading | ready | conflict
 *         ── SAVE_BLUEPRINT ─→ savingBlueprint ─→ loading | ready (the short topic named) | conflict
 *   conflict: 「他の管理者が先に更新しました」 with the newer version loaded beside the admin's own ── RELOAD ─→ loading
 */

export const CONFLICT_MESSAGE = '他の管理者が先に更新しました';

export interface QuestionDraft {
  questionId: string | null;
  /** The version edited (0: new). */
  version: number;
  fields: QuestionFields;
}

/** Columns the bank table sorts by: the question's id or one of its item statistics. */
export type SortKey = 'questionId' | 'attempts' | 'pValue' | 'discrimination' | 'exposure';
export interface Sort {
  key: SortKey;
  descending: boolean;
}

export interface QuestionBankContext {
  courseSlug: string;
  filter: QuestionBankQuery;
  bank: QuestionBank | null;
  /** Item statistics by question id (from graded outcomes), beside each question. */
  stats: Record<string, ItemStatistic>;
  gradedSessions: number;
  sort: Sort;
  editor: QuestionDraft | null;
  /** The open question's versions, newest first. */
  history: BankQuestion[];
  blueprint: ExamBlueprint | null;
  errors: Record<string, string>;
  formError: string | null;
  notice: string | null;
  newer: BankQuestion | null;
}

export type QuestionBankEvent =
  | { type: 'FILTER'; filter: QuestionBankQuery }
  | { type: 'SORT'; key: SortKey }
  | { type: 'NEW' }
  | { type: 'OPEN'; questionId: string }
  | { type: 'CLOSE' }
  | { type: 'EDIT'; fields: Partial<QuestionFields> }
  | { type: 'SAVE' }
  | { type: 'MOVE'; status: 'review' | 'published' | 'retired' }
  | { type: 'EDIT_BLUEPRINT'; blueprint: ExamBlueprint }
  | { type: 'SAVE_BLUEPRINT' }
  | { type: 'RELOAD' }
  | { type: 'RETRY' };

export const blankQuestion = (topic: string): QuestionFields => ({
  topic,
  type: 'single',
  prompt: '',
  choices: [
    { text: '', correct: true },
    { text: '', correct: false },
    { text: '', correct: false },
  ],
  explanation: '',
  difficulty: null,
});

const fieldsOf = (question: BankQuestion): QuestionFields => ({
  topic: question.topic,
  type: question.type,
  prompt: question.prompt,
  choices: question.choices,
  explanation: question.explanation,
  difficulty: question.difficulty,
});

/** The API's field as the form keys it (`question.choices` → `choices`). */
const keyOf = (field: string | undefined) => (field ?? 'form').replace(/^question\./, '');
const failure = (error: unknown) => ({
  errors: isApiError(error) && error.field ? { [keyOf(error.field)]: fieldMessageOf(error) } : {},
  formError: fieldMessageOf(error),
});
const isConflict = (error: unknown) => isApiError(error) && error.status === 409;

export const questionBankMachine = setup({
  types: {
    input: {} as { courseSlug: string; openQuestionId?: string | null },
    context: {} as QuestionBankContext,
    events: {} as QuestionBankEvent,
  },
  actors: {
    load: fromPromise<QuestionBank, { courseSlug: string; filter: QuestionBankQuery }>(({ input }) => getQuestionBank(input.courseSlug, input.filter)),
    stats: fromPromise<{ gradedSessions: number; items: ItemStatistic[] }, { courseSlug: string }>(({ input }) => getItemStatistics(input.courseSlug)),
    history: fromPromise<BankQuestion[], { courseSlug: string; questionId: string }>(({ input }) => listBankQuestionVersions(input.courseSlug, input.questionId)),
    save: fromPromise<BankQuestion, { courseSlug: string; draft: QuestionDraft }>(({ input }) =>
      saveBankQuestion(input.courseSlug, input.draft.questionId, input.draft.version, input.draft.fields),
    ),
    move: fromPromise<BankQuestion, { courseSlug: string; questionId: string; version: number; status: 'review' | 'published' | 'retired' }>(({ input }) =>
      changeBankQuestionStatus(input.courseSlug, input.questionId, input.version, input.status),
    ),
    saveBlueprint: fromPromise<{ courseVersion: number }, { courseSlug: string; version: number; blueprint: ExamBlueprint }>(({ input }) =>
      updateBlueprint(input.courseSlug, input.version, input.blueprint),
    ),
  },
}).createMachine({
  id: 'questionBank',
  context: ({ input }) => ({
    courseSlug: input.courseSlug,
    filter: {},
    bank: null,
    stats: {},
    gradedSessions: 0,
    sort: { key: 'questionId', descending: false },
    editor: null,
    history: [],
    blueprint: null,
    errors: {},
    formError: null,
    notice: null,
    newer: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ courseSlug: context.courseSlug, filter: context.filter }),
        onDone: { target: 'loadingStats', actions: assign({ bank: ({ event }) => event.output, blueprint: ({ event }) => event.output.blueprint, newer: null }) },
        onError: { target: 'failed', actions: assign({ formError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    /** The figures come from graded exams: without them the bank is still edited (a failure shows none). */
    loadingStats: {
      invoke: {
        src: 'stats',
        input: ({ context }) => ({ courseSlug: context.courseSlug }),
        onDone: {
          target: 'ready',
          actions: assign({
            stats: ({ event }) => Object.fromEntries(event.output.items.map((item) => [item.questionId, item])),
            gradedSessions: ({ event }) => event.output.gradedSessions,
          }),
        },
        onError: { target: 'ready' },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        FILTER: { target: 'loading', actions: assign({ filter: ({ event }) => event.filter }) },
        SORT: {
          actions: assign({
            sort: ({ context, event }) => ({ key: event.key, descending: context.sort.key === event.key ? !context.sort.descending : event.key !== 'questionId' }),
          }),
        },
        NEW: {
          actions: assign({
            editor: ({ context }) => ({ questionId: null, version: 0, fields: blankQuestion(Object.keys(context.blueprint?.topics ?? {})[0] ?? '') }),
            history: [],
            errors: {},
            formError: null,
            notice: null,
          }),
        },
        OPEN: { target: 'opening' },
        CLOSE: { actions: assign({ editor: null, history: [], errors: {}, formError: null }) },
        EDIT: {
          actions: assign({
            editor: ({ context, event }) => (context.editor ? { ...context.editor, fields: { ...context.editor.fields, ...event.fields } } : null),
            errors: ({ context, event }) => Object.fromEntries(Object.entries(context.errors).filter(([key]) => !(key in event.fields))),
          }),
        },
        SAVE: { guard: ({ context }) => context.editor !== null, target: 'saving' },
        MOVE: { guard: ({ context }) => context.editor?.questionId != null, target: 'moving' },
        EDIT_BLUEPRINT: { actions: assign({ blueprint: ({ event }) => event.blueprint }) },
        SAVE_BLUEPRINT: 'savingBlueprint',
      },
    },
    opening: {
      invoke: {
        src: 'history',
        input: ({ context, event }) => ({ courseSlug: context.courseSlug, questionId: (event as Extract<QuestionBankEvent, { type: 'OPEN' }>).questionId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => {
            const [latest] = event.output;
            return {
              history: event.output,
              editor: latest ? { questionId: latest.questionId, version: latest.version, fields: fieldsOf(latest) } : null,
              errors: {},
              formError: null,
              notice: null,
            };
          }),
        },
        onError: { target: 'ready', actions: assign({ formError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ courseSlug: context.courseSlug, draft: context.editor! }),
        onDone: { target: 'reopening', actions: assign({ notice: ({ event }) => `第 ${event.output.version} 版の下書きを保存しました。`, editor: ({ context, event }) => ({ ...context.editor!, questionId: event.output.questionId }) }) },
        onError: [{ guard: ({ event }) => isConflict(event.error), target: 'conflict' }, { target: 'ready', actions: assign(({ event }) => failure(event.error)) }],
      },
    },
    moving: {
      invoke: {
        src: 'move',
        input: ({ context, event }) => ({
          courseSlug: context.courseSlug,
          questionId: context.editor!.questionId!,
          version: context.editor!.version,
          status: (event as Extract<QuestionBankEvent, { type: 'MOVE' }>).status,
        }),
        onDone: {
          target: 'reopening',
          actions: assign({ notice: ({ event }) => ({ review: 'レビューに回しました。', published: '公開しました。次の試験から出題されます。', retired: '廃止しました。今後は出題されません。', draft: '' })[event.output.status] }),
        },
        onError: [{ guard: ({ event }) => isConflict(event.error), target: 'conflict' }, { target: 'ready', actions: assign(({ event }) => failure(event.error)) }],
      },
    },
    /** After a save or a move: the list and the question's history, read again. */
    reopening: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ courseSlug: context.courseSlug, filter: context.filter }),
        onDone: { target: 'refreshingHistory', actions: assign({ bank: ({ event }) => event.output, blueprint: ({ event }) => event.output.blueprint, errors: {}, formError: null }) },
        onError: { target: 'ready', actions: assign({ formError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    refreshingHistory: {
      invoke: {
        src: 'history',
        input: ({ context }) => ({ courseSlug: context.courseSlug, questionId: context.editor!.questionId! }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ history: event.output, editor: event.output[0] ? { questionId: event.output[0].questionId, version: event.output[0].version, fields: fieldsOf(event.output[0]) } : null })),
        },
        onError: { target: 'ready' },
      },
    },
    savingBlueprint: {
      invoke: {
        src: 'saveBlueprint',
        input: ({ context }) => ({ courseSlug: context.courseSlug, version: context.bank!.courseVersion, blueprint: context.blueprint! }),
        onDone: { target: 'loading', actions: assign({ notice: '出題設計を保存しました。', errors: {}, formError: null }) },
        onError: [{ guard: ({ event }) => isConflict(event.error), target: 'conflict' }, { target: 'ready', actions: assign(({ event }) => failure(event.error)) }],
      },
    },
    conflict: {
      entry: assign({ formError: CONFLICT_MESSAGE }),
      invoke: {
        src: 'history',
        input: ({ context }) => ({ courseSlug: context.courseSlug, questionId: context.editor?.questionId ?? '' }),
        onDone: { actions: assign({ newer: ({ event }) => event.output[0] ?? null }) },
        onError: {},
      },
      on: { RELOAD: { target: 'reopeningAfterConflict' } },
    },
    reopeningAfterConflict: {
      always: [{ guard: ({ context }) => context.editor?.questionId != null, target: 'reopening', actions: assign({ newer: null }) }, { target: 'loading' }],
    },
  },
});

/** The bank's questions in the table's order: by id, or by a statistic (questions without one last). */
export function sortedQuestions(questions: readonly BankQuestion[], stats: Record<string, ItemStatistic>, sort: Sort): BankQuestion[] {
  const valueOf = (question: BankQuestion): number | string | null => (sort.key === 'questionId' ? question.questionId : (stats[question.questionId]?.[sort.key] ?? null));
  return [...questions].sort((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return sort.descending ? -order : order;
  });
}
