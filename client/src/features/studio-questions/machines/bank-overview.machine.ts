import type { QuestionBankSummary } from '@campus/contracts/studio-questions';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { listQuestionBanks } from '../api/studio-questions';

/**
 * The certification courses with their bank's size per state.
 *
 *   loading ─ done ─→ ready      error ─→ failed ── RETRY ─→ loading
 */
export const bankOverviewMachine = setup({
  types: {
    context: {} as { banks: QuestionBankSummary[]; error: string | null },
    events: {} as { type: 'RETRY' },
  },
  actors: { list: fromPromise<QuestionBankSummary[]>(() => listQuestionBanks()) },
}).createMachine({
  id: 'questionBankOverview',
  context: { banks: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'list',
        onDone: { target: 'ready', actions: assign({ banks: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {},
  },
});
