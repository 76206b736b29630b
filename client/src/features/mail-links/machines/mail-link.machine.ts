import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { followMailLink, type MailLink, type MailLinkResult } from '../api/follow-mail-link';

/**
 * A page a mail's link opens (/mail/unsubscribe, /mail/confirm): it asks before it acts (a mail scanner that
 * opens the link must change nothing), then follows the link.
 *
 *   asking ── CONFIRM ─→ sending ─ done ─→ done
 *     (no token: refused)        └ 400/410 ─→ refused (the link is wrong or old: the profile still works)
 *                                └ other ─→ failed ── CONFIRM ─→ sending
 */
export interface MailLinkContext {
  link: MailLink;
  token: string;
  outcome: MailLinkResult | null;
  message: string | null;
}

export const mailLinkMachine = setup({
  types: {
    input: {} as { link: MailLink; token: string | null },
    context: {} as MailLinkContext,
    events: {} as { type: 'CONFIRM' },
  },
  actors: {
    follow: fromPromise<MailLinkResult, { link: MailLink; token: string }>(({ input }) => followMailLink(input.link, input.token)),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
  },
}).createMachine({
  id: 'mailLink',
  context: ({ input }) => ({ link: input.link, token: input.token ?? '', outcome: null, message: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'asking' }, { target: 'refused', actions: assign({ message: 'このリンクには必要な情報がありません。メールのリンクをそのまま開いてください。' }) }],
    },
    asking: { on: { CONFIRM: 'sending' } },
    sending: {
      invoke: {
        src: 'follow',
        input: ({ context }) => ({ link: context.link, token: context.token }),
        onDone: { target: 'done', actions: assign({ outcome: ({ event }) => event.output }) },
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
