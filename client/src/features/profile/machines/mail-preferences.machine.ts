import type { MailPreferences, MailSettings } from '@campus/contracts/mail';
import type { MailKind } from '@campus/contracts/mail-kinds';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { getMailPreferences, saveMailPreferences } from '../api/mail-preferences';

/**
 * The profile's メール通知: each switch saves at once (the whole set), and a failed save puts the switches
 * back to what the server holds and says so.
 *
 *   loading ─ done ─→ ready ── TOGGLE ─→ saving ─ done ─→ ready (「保存しました」)
 *           └ error ─→ failed ── RETRY ─→ loading          └ error ─→ ready (the saved set, the reason)
 */
export interface MailPreferencesContext {
  /** The profile address while it waits for its confirmation mail's link. */
  pendingAddress: string | null;
  saved: MailPreferences | null;
  shown: MailPreferences | null;
  notice: string | null;
  error: string | null;
}

const settingsOf = ({ pendingAddress, ...preferences }: MailSettings) => ({ pendingAddress, saved: preferences, shown: preferences });

export const mailPreferencesMachine = setup({
  types: {
    context: {} as MailPreferencesContext,
    events: {} as { type: 'TOGGLE'; kind: MailKind; on: boolean } | { type: 'RETRY' },
  },
  actors: {
    load: fromPromise(() => getMailPreferences()),
    save: fromPromise<MailSettings, MailPreferences>(({ input }) => saveMailPreferences(input)),
  },
}).createMachine({
  id: 'mailPreferences',
  context: { pendingAddress: null, saved: null, shown: null, notice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...settingsOf(event.output), error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        TOGGLE: { target: 'saving', actions: assign(({ context, event }) => ({ shown: { ...context.shown!, [event.kind]: event.on }, notice: null, error: null })) },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => context.shown!,
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...settingsOf(event.output), notice: 'メール通知の設定を保存しました。' })) },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({ shown: context.saved, error: `保存できませんでした（${errorMessageOf(event.error)}）。もう一度お試しください。` })),
        },
      },
    },
  },
});
