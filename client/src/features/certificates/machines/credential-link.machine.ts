import type { CredentialLink } from '@campus/contracts/credentials';
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../../lib/api-client';

/**
 * Finds where a certificate's Open Badges credential is published.
 *
 *   loading ── found ──→ ready
 *           ├─ 404 ────→ notIssued ── RETRY or ISSUED ──→ loading   (signed a few seconds after the certificate)
 *           └─ other ──→ failed ───── RETRY ────────────→ loading
 *
 * `load` is the read to make: the holder's own (by certificate id) or the public one (by slug).
 * `onIssued`, when given (the holder's page: the server pushes `credential.issued` to them), tells the
 * machine the credential has just been signed: a page waiting for it reads it again without a click, and
 * a read still on its way (which may have been answered before the signing) is made again.
 */
export interface CredentialLinkInput {
  load: (signal: AbortSignal) => Promise<CredentialLink>;
  onIssued?: (listener: () => void) => () => void;
}

export const credentialLinkMachine = setup({
  types: {
    input: {} as CredentialLinkInput,
    context: {} as CredentialLinkInput & { link: CredentialLink | null },
    events: {} as { type: 'RETRY' } | { type: 'ISSUED' },
  },
  actors: {
    loadLink: fromPromise<CredentialLink, Pick<CredentialLinkInput, 'load'>>(({ input, signal }) => input.load(signal)),
    listenForIssued: fromCallback<{ type: 'RETRY' }, Pick<CredentialLinkInput, 'onIssued'>>(({ input, sendBack }) =>
      input.onIssued ? input.onIssued(() => sendBack({ type: 'ISSUED' })) : undefined,
    ),
  },
  guards: {
    notFound: ({ event }) => {
      const { error } = event as { error?: unknown };
      return isApiError(error) && error.status === 404;
    },
  },
}).createMachine({
  id: 'credentialLink',
  context: ({ input }) => ({ load: input.load, onIssued: input.onIssued, link: null }),
  // Listens while there is no credential on the page yet.
  invoke: { src: 'listenForIssued', input: ({ context }) => ({ onIssued: context.onIssued }) },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLink',
        input: ({ context }) => ({ load: context.load }),
        onDone: { target: 'ready', actions: assign({ link: ({ event }) => event.output }) },
        onError: [{ guard: 'notFound', target: 'notIssued' }, { target: 'failed' }],
      },
      on: { ISSUED: { target: 'loading', reenter: true } },
    },
    ready: {},
    notIssued: { on: { RETRY: 'loading', ISSUED: 'loading' } },
    failed: { on: { RETRY: 'loading' } },
  },
});

export type CredentialLinkSnapshot = SnapshotFrom<typeof credentialLinkMachine>;

/** Where a certificate's credential stands, as a page shows it (the public page has it from its loader). */
export type CredentialState = { status: 'loading' } | { status: 'ready'; link: CredentialLink } | { status: 'notIssued' } | { status: 'failed' };

export function selectCredentialState(snapshot: CredentialLinkSnapshot): CredentialState {
  if (snapshot.matches('ready') && snapshot.context.link) return { status: 'ready', link: snapshot.context.link };
  if (snapshot.matches('notIssued')) return { status: 'notIssued' };
  if (snapshot.matches('failed')) return { status: 'failed' };
  return { status: 'loading' };
}
