import type { UnsubscribeResult } from '@campus/contracts/mail';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { unsubscribeFromMail } from '../api/unsubscribe-from-mail';

/**
 * /mail/unsubscribe?token=…: asks before it acts (a mail scanner that opens the link must not unsubscribe
 * anyone), then turns the mail off.
 *
 *   asking ── CONFIRM ─→ sending ─ done ─→ done
 *     (no token: invalid)        └ 400/410 ─→ refused (invalid or expired: the profile still works)
 *                                └ other ─→ failed ── CONFIRM ─→ sending
 */
export interface UnsubscribeContext {
  token: string;
  result: UnsubscribeResult | null;
  message: string | null;
}

export const unsubscribeMachine = setup({
  types: {
    input: {} as { token: string | null },
    context: {} as UnsubscribeContext,
    events: {} as { type: 'CONFIRM' },
  },
  actors: {
    unsubscribe: fromPromise<UnsubscribeResult, string>(({ input }) => unsubscribeFromMail(input)),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
  },
}).createMachine({
  id: 'mailUnsubscribe',
  context: ({ input }) => ({ token: input.token ?? '', result: null, message: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'asking' }, { target: 'refused', actions: assign({ message: 'このリンクには配信停止の情報がありません。メールのリンクをそのまま開いてください。' }) }],
    },
    asking: { on: { CONFIRM: 'sending' } },
    sending: {
      invoke: {
        src: 'unsubscribe',
        input: ({ context }) => context.token,
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          { guard: ({ event }) => isApiError(event.error) && event.error.status < 500, target: 'refused', actions: assign({ message: ({ event }) => errorMessageOf(event.error) }) },
          { target: 'failed', actions: assign({ message: ({ event }) => errorMessageOf(event.error) }) },
        ],
      },
    },
    done: { type: 'final' },
    refused: { type: 'final' },
    failed: { on: { CONFIRM: 'sending' } },
  },
});
