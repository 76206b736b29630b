import type { ExamBlueprint, QuestionBank } from '@campus/contracts/studio-questions';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { fieldMessageOf } from '../../../lib/submission-errors';
import { getQuestionBank, updateExamBlueprint } from '../api/studio-questions';

/**
 * The exam blueprint form: topics and counts, time, pass mark, retake wait, badge validity.
 *
 *   loading ─ done ─→ editing      error ─→ loadFailed ── RETRY ─→ loading
 *   editing ── EDIT / TOPIC_* ─→ editing
 *           ── SAVE ─→ saving ─ done ─→ loading (「保存しました」) / 400 ─→ editing (the refusal, e.g. the short topic named)
 *                             └ 409 STALE_VERSION ─→ conflict ── RELOAD ─→ loading
 */
export type BlueprintNumber = 'questionCount' | 'minutes' | 'passPercent' | 'retakeWaitHours' | 'badgeValidMonths';

export interface BlueprintContext {
  courseSlug: string;
  courseTitle: string;
  courseVersion: number;
  form: ExamBlueprint | null;
  publishedByTopic: Record<string, number>;
  errors: Record<string, string>;
  formError: string | null;
  notice: string | null;
}

export type BlueprintEvent =
  | { type: 'EDIT'; field: BlueprintNumber; value: number }
  | { type: 'TOPIC_COUNT'; topic: string; value: number }
  | { type: 'TOPIC_NAME'; topic: string; name: string }
  | { type: 'SAVE' }
  | { type: 'RELOAD' }
  | { type: 'RETRY' };

/** What the blueprint's topics add up to (the server asks it to equal the question count). */
export const topicSum = (blueprint: ExamBlueprint) => Object.values(blueprint.topics).reduce((sum, count) => sum + (Number.isFinite(count) ? count : 0), 0);

/** The topics the published bank cannot fill as the form stands: shown before saving. */
export const shortTopicsOf = (blueprint: ExamBlueprint, published: Record<string, number>) =>
  Object.entries(blueprint.topics)
    .filter(([topic, count]) => (published[topic] ?? 0) < count)
    .map(([topic, count]) => ({ topic, name: blueprint.topicNames[topic] ?? topic, missing: count - (published[topic] ?? 0) }));

const errorKeyOf = (field: string | undefined) => (field ?? 'form').replace(/^blueprint\./, '');

export const blueprintMachine = setup({
  types: {
    input: {} as { courseSlug: string },
    context: {} as BlueprintContext,
    events: {} as BlueprintEvent,
  },
  actors: {
    load: fromPromise<QuestionBank, { courseSlug: string }>(({ input }) => getQuestionBank(input.courseSlug)),
    save: fromPromise<{ courseVersion: number }, { courseSlug: string; courseVersion: number; blueprint: ExamBlueprint }>(({ input }) =>
      updateExamBlueprint(input.courseSlug, input.courseVersion, input.blueprint),
    ),
  },
}).createMachine({
  id: 'examBlueprint',
  context: ({ input }) => ({ courseSlug: input.courseSlug, courseTitle: '', courseVersion: 0, form: null, publishedByTopic: {}, errors: {}, formError: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ courseSlug: context.courseSlug }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            courseTitle: event.output.courseTitle,
            courseVersion: event.output.courseVersion,
            form: event.output.blueprint,
            publishedByTopic: event.output.publishedByTopic,
            errors: {},
            formError: null,
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ formError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        EDIT: { actions: assign(({ context, event }) => ({ form: { ...context.form!, [event.field]: event.value }, notice: null })) },
        TOPIC_COUNT: { actions: assign(({ context, event }) => ({ form: { ...context.form!, topics: { ...context.form!.topics, [event.topic]: event.value } }, notice: null })) },
        TOPIC_NAME: { actions: assign(({ context, event }) => ({ form: { ...context.form!, topicNames: { ...context.form!.topicNames, [event.topic]: event.name } }, notice: null })) },
        SAVE: { target: 'saving', actions: assign({ errors: {}, formError: null, notice: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ courseSlug: context.courseSlug, courseVersion: context.courseVersion, blueprint: context.form! }),
        onDone: { target: 'loading', actions: assign({ notice: '出題設計を保存しました。次に始まる試験から使われます。' }) },
        onError: [
          { guard: ({ event }) => isApiError(event.error) && event.error.status === 409, target: 'conflict', actions: assign({ formError: ({ event }) => errorMessageOf(event.error) }) },
          {
            target: 'editing',
            actions: assign(({ event }) => {
              const field = isApiError(event.error) ? event.error.field : undefined;
              return { formError: fieldMessageOf(event.error), errors: field ? { [errorKeyOf(field)]: fieldMessageOf(event.error) } : {} };
            }),
          },
        ],
      },
    },
    conflict: { on: { RELOAD: { target: 'loading', actions: assign({ notice: '最新の出題設計を読み込みました。' }) } } },
  },
});
