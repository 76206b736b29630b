import type { ExamBlueprint, QuestionBank } from '@campus/contracts/studio-questions';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { fieldMessageOf } from '../../../lib/submission-errors';
import { getQuestionBank, updateExamBlueprint } from '../api/studio-questions';

/**
 * The exam blueprint form: topics and counts, time, pass mark, retake wait, badge validity.
 *
 *   loading ─ done ─→ editing      error ─→ loadFailed ── RETRY ─→ loading
 *   editing ── EDIT / TOPIC_* / NEW_TOPIC / ADD_TOPIC / REMOVE_TOPIC ─→ editing (topics change locally; SAVE sends them)
 *           ── SAVE ─→ saving ─ done ─→ loading (「保存しました」) / 400 ─→ editing (the refusal, e.g. the short topic named)
 *                             └ 409 STALE_VERSION ─→ conflict ── RELOAD ─→ loading
 */
export type BlueprintNumber = 'questionCount' | 'minutes' | 'passPercent' | 'retakeWaitHours' | 'badgeValidMonths';

export interface BlueprintContext {
  courseSlug: string;
  courseTitle: string;
  courseVersion: number;
  form: ExamBlueprint | null;
  /** The topic being added: its slug and name, checked when added. */
  newTopic: { slug: string; name: string };
  publishedByTopic: Record<string, number>;
  errors: Record<string, string>;
  formError: string | null;
  notice: string | null;
}

export type BlueprintEvent =
  | { type: 'EDIT'; field: BlueprintNumber; value: number }
  | { type: 'TOPIC_COUNT'; topic: string; value: number }
  | { type: 'TOPIC_NAME'; topic: string; name: string }
  | { type: 'NEW_TOPIC'; field: 'slug' | 'name'; value: string }
  | { type: 'ADD_TOPIC' }
  | { type: 'REMOVE_TOPIC'; topic: string }
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

const TOPIC_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why the topic being added cannot be, or null: the server asks the same of a saved blueprint. */
export function newTopicProblem(blueprint: ExamBlueprint, topic: { slug: string; name: string }): string | null {
  const slug = topic.slug.trim();
  if (!TOPIC_SLUG.test(slug) || slug.length > 60) return '分野のスラッグは半角英小文字・数字・ハイフンで入力してください（60 文字まで）';
  if (Object.hasOwn(blueprint.topics, slug)) return `分野「${slug}」はすでにあります`;
  if (topic.name.trim() === '') return '分野名を入力してください';
  return null;
}

/** The blueprint without one topic (the server refuses it while the topic still holds questions). */
function withoutTopic(blueprint: ExamBlueprint, topic: string): ExamBlueprint {
  const topics = Object.fromEntries(Object.entries(blueprint.topics).filter(([key]) => key !== topic));
  const topicNames = Object.fromEntries(Object.entries(blueprint.topicNames).filter(([key]) => key !== topic));
  return { ...blueprint, topics, topicNames };
}

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
  context: ({ input }) => ({ courseSlug: input.courseSlug, courseTitle: '', courseVersion: 0, form: null, newTopic: { slug: '', name: '' }, publishedByTopic: {}, errors: {}, formError: null, notice: null }),
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
        NEW_TOPIC: { actions: assign(({ context, event }) => ({ newTopic: { ...context.newTopic, [event.field]: event.value }, errors: { ...context.errors, newTopic: '' } })) },
        ADD_TOPIC: {
          actions: assign(({ context }) => {
            const problem = newTopicProblem(context.form!, context.newTopic);
            if (problem) return { errors: { ...context.errors, newTopic: problem } };
            const slug = context.newTopic.slug.trim();
            // A new topic draws nothing until it has published questions: the admin raises its count then.
            const form = { ...context.form!, topics: { ...context.form!.topics, [slug]: 0 }, topicNames: { ...context.form!.topicNames, [slug]: context.newTopic.name.trim() } };
            return { form, newTopic: { slug: '', name: '' }, errors: { ...context.errors, newTopic: '' }, notice: `分野「${context.newTopic.name.trim()}」を追加しました。保存すると問題の分野として選べます。` };
          }),
        },
        REMOVE_TOPIC: { actions: assign(({ context, event }) => ({ form: withoutTopic(context.form!, event.topic), notice: null })) },
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
