import type { BankQuestion, QuestionFields, QuestionStatus } from '@campus/contracts/studio-questions';
import { assign, emit, fromPromise, setup } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { fieldMessageOf } from '../../../lib/submission-errors';
import { changeQuestionStatus, getQuestionBank, listQuestionVersions, saveQuestion } from '../api/studio-questions';

/**
 * The question editor: a new question or a new version of one.
 *
 *   loading ─ done ─→ editing      error ─→ loadFailed ── RETRY ─→ loading
 *   editing ── EDIT / CHOICE_* ─→ editing (dirty)
 *           ── SAVE ─→ saving ─ done ─→ history ─→ editing (「第 N 版を下書きとして保存しました」)
 *           ── MOVE(review | published | retired) ─→ (saving first when there are edits) ─→ moving ─ done ─→ history ─→ editing
 *   saving | moving ─ 409 STALE_VERSION ─→ conflict (the newer version shown beside the admin's own)
 *   conflict ── RELOAD ─→ history ─→ editing (the newer version in the form)
 *            ── KEEP_MINE ─→ editing (the admin's text, based on the newer version: saving it is a choice made knowing)
 *   any other refusal ─→ editing with the field's message; what was typed stays.
 */

export type Move = Exclude<QuestionStatus, 'draft'>;

export interface TopicOption {
  slug: string;
  name: string;
}

export interface QuestionEditorContext {
  courseSlug: string;
  courseTitle: string;
  questionId: string | null;
  topics: TopicOption[];
  form: QuestionFields;
  /** The latest version the form is based on (0: not saved yet). */
  version: number;
  status: QuestionStatus | null;
  publishedVersion: number | null;
  versions: BankQuestion[];
  dirty: boolean;
  /** API field paths without `question.` (`prompt`, `choices`, `choices.2.text`) → message. */
  errors: Record<string, string>;
  formError: string | null;
  notice: string | null;
  /** The version another admin saved first, when this admin's save or move was refused. */
  newer: BankQuestion | null;
  pendingMove: Move | null;
}

export type QuestionEditorEvent =
  | { type: 'EDIT'; field: 'topic' | 'prompt' | 'explanation'; value: string }
  | { type: 'SET_TYPE'; value: QuestionFields['type'] }
  | { type: 'SET_DIFFICULTY'; value: QuestionFields['difficulty'] }
  | { type: 'CHOICE_TEXT'; index: number; text: string }
  | { type: 'CHOICE_CORRECT'; index: number; correct: boolean }
  | { type: 'CHOICE_ADD' }
  | { type: 'CHOICE_REMOVE'; index: number }
  | { type: 'SAVE' }
  | { type: 'MOVE'; to: Move }
  | { type: 'RELOAD' }
  | { type: 'KEEP_MINE' }
  | { type: 'RETRY' };

export const CONFLICT_MESSAGE = '他の管理者が先に更新しました';
export const MIN_CHOICES = 2;
export const MAX_CHOICES = 6;

const MOVE_NOTICES: Record<Move, string> = {
  review: 'レビューに回しました。',
  published: '公開しました。次の試験から出題されます。',
  retired: '廃止しました。受験中・採点済みの試験は引いた版のままです。',
};

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

export const fieldsOf = (question: BankQuestion): QuestionFields => ({
  topic: question.topic,
  type: question.type,
  prompt: question.prompt,
  choices: question.choices.map((choice) => ({ ...choice })),
  explanation: question.explanation,
  difficulty: question.difficulty,
});

/** A single-answer question keeps one right choice: marking another moves the mark. */
export function markedCorrect(form: QuestionFields, index: number, correct: boolean): QuestionFields['choices'] {
  if (form.type === 'single') return form.choices.map((choice, at) => ({ ...choice, correct: correct ? at === index : choice.correct && at !== index }));
  return form.choices.map((choice, at) => (at === index ? { ...choice, correct } : choice));
}

/** Switching to single keeps only the first right choice (radios show one). */
export function withType(form: QuestionFields, type: QuestionFields['type']): QuestionFields {
  if (type === 'multiple') return { ...form, type };
  const first = form.choices.findIndex((choice) => choice.correct);
  return { ...form, type, choices: form.choices.map((choice, at) => ({ ...choice, correct: at === first })) };
}

export const errorKeyOf = (field: string | undefined) => (field ?? 'form').replace(/^question\./, '');

export const isStale = (error: unknown) => isApiError(error) && error.status === 409;

const refusal = (error: unknown): Pick<QuestionEditorContext, 'errors' | 'formError' | 'pendingMove'> => {
  const field = isApiError(error) ? error.field : undefined;
  return { errors: field ? { [errorKeyOf(field)]: fieldMessageOf(error) } : {}, formError: fieldMessageOf(error), pendingMove: null };
};

/** The newer version the refusal carried (`current`), or null when it carried none. */
const newerOf = (error: unknown): BankQuestion | null => {
  const current = isApiError(error) ? error.current : undefined;
  return current && typeof current === 'object' && 'questionId' in current ? (current as BankQuestion) : null;
};

type Loaded = { courseTitle: string; topics: TopicOption[]; versions: BankQuestion[] };

const adopted = (question: BankQuestion): Partial<QuestionEditorContext> => ({
  questionId: question.questionId,
  form: fieldsOf(question),
  version: question.version,
  status: question.status,
  publishedVersion: question.publishedVersion,
  dirty: false,
});

const changed = (form: QuestionFields, errors: Record<string, string>, cleared: string[]): Partial<QuestionEditorContext> => ({
  form,
  dirty: true,
  notice: null,
  errors: Object.fromEntries(Object.entries(errors).filter(([key]) => !cleared.some((field) => key === field || key.startsWith(`${field}.`)))),
});

export const questionEditorMachine = setup({
  types: {
    input: {} as { courseSlug: string; questionId: string | null; notice?: string | null },
    context: {} as QuestionEditorContext,
    events: {} as QuestionEditorEvent,
    emitted: {} as { type: 'saved'; questionId: string },
  },
  actors: {
    load: fromPromise<Loaded, { courseSlug: string; questionId: string | null }>(async ({ input }) => {
      const [bank, versions] = await Promise.all([
        getQuestionBank(input.courseSlug),
        input.questionId ? listQuestionVersions(input.courseSlug, input.questionId) : Promise.resolve([]),
      ]);
      return { courseTitle: bank.courseTitle, topics: Object.keys(bank.blueprint.topics).map((slug) => ({ slug, name: bank.blueprint.topicNames[slug] ?? slug })), versions };
    }),
    history: fromPromise<BankQuestion[], { courseSlug: string; questionId: string }>(({ input }) => listQuestionVersions(input.courseSlug, input.questionId)),
    save: fromPromise<BankQuestion, { courseSlug: string; questionId: string | null; version: number; form: QuestionFields }>(({ input }) =>
      saveQuestion(input.courseSlug, input.questionId, input.version, input.form),
    ),
    move: fromPromise<BankQuestion, { courseSlug: string; questionId: string; version: number; to: Move }>(({ input }) =>
      changeQuestionStatus(input.courseSlug, input.questionId, input.version, input.to),
    ),
  },
  actions: {
    markConflict: assign(({ event }) => ({ newer: newerOf((event as { error?: unknown }).error), formError: CONFLICT_MESSAGE, pendingMove: null })),
    markRefused: assign(({ event }) => refusal((event as { error?: unknown }).error)),
  },
  guards: {
    stale: ({ event }) => isStale((event as { error?: unknown }).error),
    needsSave: ({ context }) => context.dirty || context.questionId === null,
    hasQuestion: ({ context }) => context.questionId !== null,
  },
}).createMachine({
  id: 'questionEditor',
  context: ({ input }) => ({
    courseSlug: input.courseSlug,
    courseTitle: '',
    questionId: input.questionId,
    topics: [],
    form: blankQuestion(''),
    version: 0,
    status: null,
    publishedVersion: null,
    versions: [],
    dirty: false,
    errors: {},
    formError: null,
    notice: input.notice ?? null,
    newer: null,
    pendingMove: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ courseSlug: context.courseSlug, questionId: context.questionId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const { courseTitle, topics, versions } = event.output;
            const latest = versions[0];
            return { courseTitle, topics, versions, formError: null, ...(latest ? adopted(latest) : { form: blankQuestion(topics[0]?.slug ?? '') }) };
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ formError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    history: {
      invoke: {
        src: 'history',
        input: ({ context }) => ({ courseSlug: context.courseSlug, questionId: context.questionId! }),
        onDone: { target: 'editing', actions: assign({ versions: ({ event }) => event.output }) },
        // The history is a side panel: the editor stays usable without it.
        onError: 'editing',
      },
    },
    editing: {
      on: {
        EDIT: { actions: assign(({ context, event }) => changed({ ...context.form, [event.field]: event.value }, context.errors, [event.field])) },
        SET_TYPE: { actions: assign(({ context, event }) => changed(withType(context.form, event.value), context.errors, ['type', 'choices'])) },
        SET_DIFFICULTY: { actions: assign(({ context, event }) => changed({ ...context.form, difficulty: event.value }, context.errors, ['difficulty'])) },
        CHOICE_TEXT: {
          actions: assign(({ context, event }) =>
            changed({ ...context.form, choices: context.form.choices.map((choice, at) => (at === event.index ? { ...choice, text: event.text } : choice)) }, context.errors, [`choices.${event.index}`]),
          ),
        },
        CHOICE_CORRECT: { actions: assign(({ context, event }) => changed({ ...context.form, choices: markedCorrect(context.form, event.index, event.correct) }, context.errors, ['choices'])) },
        CHOICE_ADD: {
          guard: ({ context }) => context.form.choices.length < MAX_CHOICES,
          actions: assign(({ context }) => changed({ ...context.form, choices: [...context.form.choices, { text: '', correct: false }] }, context.errors, ['choices'])),
        },
        CHOICE_REMOVE: {
          guard: ({ context }) => context.form.choices.length > MIN_CHOICES,
          actions: assign(({ context, event }) => changed({ ...context.form, choices: context.form.choices.filter((_, at) => at !== event.index) }, context.errors, ['choices'])),
        },
        SAVE: { target: 'saving', actions: assign({ pendingMove: null, formError: null, notice: null }) },
        MOVE: [
          { guard: 'needsSave', target: 'saving', actions: assign({ pendingMove: ({ event }) => event.to, formError: null, notice: null }) },
          { target: 'moving', actions: assign({ pendingMove: ({ event }) => event.to, formError: null, notice: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ courseSlug: context.courseSlug, questionId: context.questionId, version: context.version, form: context.form }),
        onDone: [
          {
            guard: ({ context }) => context.pendingMove !== null,
            target: 'moving',
            actions: [
              emit(({ context, event }) => ({ type: 'saved' as const, questionId: context.questionId ?? event.output.questionId })),
              assign(({ event }) => ({ ...adopted(event.output), errors: {} })),
            ],
          },
          {
            target: 'history',
            actions: [
              emit(({ context, event }) => ({ type: 'saved' as const, questionId: context.questionId ?? event.output.questionId })),
              assign(({ event }) => ({ ...adopted(event.output), errors: {}, notice: `第 ${event.output.version} 版を下書きとして保存しました。` })),
            ],
          },
        ],
        onError: [{ guard: 'stale', target: 'conflict', actions: 'markConflict' }, { target: 'editing', actions: 'markRefused' }],
      },
    },
    moving: {
      invoke: {
        src: 'move',
        input: ({ context }) => ({ courseSlug: context.courseSlug, questionId: context.questionId!, version: context.version, to: context.pendingMove! }),
        onDone: {
          target: 'history',
          actions: assign(({ context, event }) => ({ ...adopted(event.output), errors: {}, notice: MOVE_NOTICES[context.pendingMove!], pendingMove: null })),
        },
        onError: [{ guard: 'stale', target: 'conflict', actions: 'markConflict' }, { target: 'editing', actions: 'markRefused' }],
      },
    },
    conflict: {
      on: {
        RELOAD: [
          {
            guard: ({ context }) => context.newer !== null,
            target: 'history',
            actions: assign(({ context }) => ({ ...adopted(context.newer!), newer: null, errors: {}, formError: null, notice: `第 ${context.newer!.version} 版を読み込みました。` })),
          },
          { guard: 'hasQuestion', target: 'loading', actions: assign({ formError: null }) },
        ],
        KEEP_MINE: {
          target: 'editing',
          actions: assign(({ context }) => ({
            version: context.newer?.version ?? context.version,
            status: context.newer?.status ?? context.status,
            publishedVersion: context.newer?.publishedVersion ?? context.publishedVersion,
            newer: null,
            formError: null,
            dirty: true,
          })),
        },
      },
    },
  },
});
