import type { ImportQuestionsResult, QuestionBank, QuestionBankQuery } from '@campus/contracts/studio-questions';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { getQuestionBank, importQuestions } from '../api/studio-questions';

/**
 * One course's bank: the filtered list, and the questions.yaml import.
 *
 *   loading ─ done ─→ ready      error ─→ failed ── RETRY ─→ loading
 *   ready | loading ── FILTER ─→ loading (the filter kept; the old list stays on screen until the new one)
 *                  ── SEARCH ─→ typing ── 300 ms quiet ─→ loading (a request per pause, not per key)
 *   ready ── IMPORT ─→ importing ─ done ─→ loading (what was created and changed told) / error ─→ ready (the item and field named)
 */

export interface QuestionListContext {
  courseSlug: string;
  filter: QuestionBankQuery;
  bank: QuestionBank | null;
  loadError: string | null;
  importError: string | null;
  notice: string | null;
}

export type QuestionListEvent =
  | { type: 'FILTER'; filter: Omit<QuestionBankQuery, 'q'> }
  | { type: 'SEARCH'; q: string }
  | { type: 'IMPORT'; yaml: string }
  | { type: 'RETRY' };

export const SEARCH_PAUSE_MS = 300;

/** The query the API is sent: empty choices left out (「すべて」 is no filter). */
export function queryOf(filter: QuestionBankQuery): QuestionBankQuery {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as QuestionBankQuery;
}

export const importNoticeOf = ({ created, changed, unchanged }: ImportQuestionsResult): string =>
  created.length + changed.length === 0
    ? `変更はありませんでした（${unchanged} 問は同じ内容です）。`
    : `取り込みました: 新しい問題 ${created.length} 問、変更 ${changed.length} 問（下書き）、変更なし ${unchanged} 問。公開するまで出題されません。`;

export const questionListMachine = setup({
  types: {
    input: {} as { courseSlug: string },
    context: {} as QuestionListContext,
    events: {} as QuestionListEvent,
  },
  actors: {
    load: fromPromise<QuestionBank, { courseSlug: string; query: QuestionBankQuery }>(({ input }) => getQuestionBank(input.courseSlug, input.query)),
    importYaml: fromPromise<ImportQuestionsResult, { courseSlug: string; yaml: string }>(({ input }) => importQuestions(input.courseSlug, input.yaml)),
  },
  delays: { searchPause: SEARCH_PAUSE_MS },
}).createMachine({
  id: 'questionList',
  context: ({ input }) => ({ courseSlug: input.courseSlug, filter: {}, bank: null, loadError: null, importError: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ courseSlug: context.courseSlug, query: queryOf(context.filter) }),
        onDone: { target: 'ready', actions: assign({ bank: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
      },
      on: {
        // A newer filter supersedes the request under way: re-entering starts the load again.
        FILTER: { target: 'loading', reenter: true, actions: assign({ filter: ({ context, event }) => ({ ...event.filter, q: context.filter.q }) }) },
        SEARCH: { target: 'typing', actions: assign({ filter: ({ context, event }) => ({ ...context.filter, q: event.q }) }) },
      },
    },
    typing: {
      after: { searchPause: 'loading' },
      on: {
        SEARCH: { target: 'typing', reenter: true, actions: assign({ filter: ({ context, event }) => ({ ...context.filter, q: event.q }) }) },
        FILTER: { target: 'loading', actions: assign({ filter: ({ context, event }) => ({ ...event.filter, q: context.filter.q }) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        FILTER: { target: 'loading', actions: assign({ filter: ({ context, event }) => ({ ...event.filter, q: context.filter.q }) }) },
        SEARCH: { target: 'typing', actions: assign({ filter: ({ context, event }) => ({ ...context.filter, q: event.q }) }) },
        IMPORT: { target: 'importing', actions: assign({ importError: null, notice: null }) },
      },
    },
    importing: {
      invoke: {
        src: 'importYaml',
        input: ({ context, event }) => ({ courseSlug: context.courseSlug, yaml: (event as Extract<QuestionListEvent, { type: 'IMPORT' }>).yaml }),
        onDone: { target: 'loading', actions: assign({ notice: ({ event }) => importNoticeOf(event.output) }) },
        onError: { target: 'ready', actions: assign({ importError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
  },
});
