import type { AdminCredential, AdminCredentialPage, CredentialRevocation } from '@campus/contracts/credentials';
import type { RevocationCategory } from '@campus/contracts/revocation-categories';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { submissionErrorsOf } from '../../../lib/submission-errors';
import { listAdminCredentials } from '../api/list-admin-credentials';
import { setCredentialRevocation } from '../api/set-credential-revocation';

export const ADMIN_CREDENTIALS_PAGE_SIZE = 20;
export const REASON_REQUIRED_TEXT = '理由を入力してください';

/**
 * The admin's credential list: one page of what the search names, and revoking or restoring one
 * credential at a time with a reason (the learner is told it).
 *
 *   loading ─ done ─→ ready.browsing ─ START ─→ ready.editing ─ SUBMIT ─→ ready.submitting ─ done ─→ loading (the changed row, fresh)
 *      └ error ─→ failed ─ RETRY ─→ loading        └ CANCEL ─→ browsing              └ error ─→ editing (the reason's or the form's message)
 */

export interface CredentialAction {
  credential: AdminCredential;
  /** true: revoke; false: restore. */
  revoke: boolean;
}

export interface AdminCredentialsContext {
  q: string;
  page: number;
  result: AdminCredentialPage | null;
  loadError: string | null;
  action: CredentialAction | null;
  reason: string;
  /** What verifiers are told of a revocation (the reason itself goes to the learner only). */
  category: RevocationCategory;
  reasonError: string | null;
  actionError: string | null;
  /** What the last change did, said above the list. */
  notice: string | null;
}

export type AdminCredentialsEvent =
  | { type: 'RETRY' }
  | { type: 'START'; credentialId: string }
  | { type: 'REASON'; value: string }
  | { type: 'CATEGORY'; value: RevocationCategory }
  | { type: 'CANCEL' }
  | { type: 'SUBMIT' };

const noticeOf = ({ credential, revoke }: CredentialAction): string =>
  revoke
    ? `認定証番号 ${credential.certificateSlug} のデジタル認定証を取り消しました。学習者に通知します。`
    : `認定証番号 ${credential.certificateSlug} のデジタル認定証の取り消しを解除しました。学習者に通知します。`;

export const adminCredentialsMachine = setup({
  types: {
    input: {} as { q: string; page: number },
    context: {} as AdminCredentialsContext,
    events: {} as AdminCredentialsEvent,
  },
  actors: {
    loadPage: fromPromise<AdminCredentialPage, { q: string; offset: number }>(({ input }) =>
      listAdminCredentials({ q: input.q, offset: input.offset, limit: ADMIN_CREDENTIALS_PAGE_SIZE }),
    ),
    setRevocation: fromPromise<CredentialRevocation, { credentialId: string; revoked: boolean; reason: string; category: RevocationCategory }>(({ input }) =>
      setCredentialRevocation(input.credentialId, { revoked: input.revoked, reason: input.reason, ...(input.revoked ? { category: input.category } : {}) }),
    ),
  },
  guards: {
    reasonBlank: ({ context }) => context.reason.trim() === '',
  },
}).createMachine({
  id: 'adminCredentials',
  context: ({ input }) => ({ q: input.q, page: input.page, result: null, loadError: null, action: null, reason: '', category: 'other', reasonError: null, actionError: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ q: context.q, offset: (context.page - 1) * ADMIN_CREDENTIALS_PAGE_SIZE }),
        onDone: { target: 'ready', actions: assign({ result: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            START: {
              target: 'editing',
              actions: assign(({ context, event }) => {
                const credential = context.result?.items.find((item) => item.credentialId === event.credentialId);
                return { action: credential ? { credential, revoke: credential.status !== 'revoked' } : null, reason: '', category: 'other' as const, reasonError: null, actionError: null, notice: null };
              }),
            },
          },
        },
        editing: {
          on: {
            REASON: { actions: assign({ reason: ({ event }) => event.value, reasonError: null }) },
            CATEGORY: { actions: assign({ category: ({ event }) => event.value }) },
            CANCEL: { target: 'browsing', actions: assign({ action: null, reason: '', reasonError: null, actionError: null }) },
            SUBMIT: [{ guard: 'reasonBlank', actions: assign({ reasonError: REASON_REQUIRED_TEXT }) }, { target: 'submitting' }],
          },
        },
        submitting: {
          invoke: {
            src: 'setRevocation',
            input: ({ context }) => ({ credentialId: context.action!.credential.credentialId, revoked: context.action!.revoke, reason: context.reason.trim(), category: context.category }),
            onDone: {
              target: '#adminCredentials.loading',
              actions: assign(({ context }) => ({ notice: noticeOf(context.action!), action: null, reason: '' })),
            },
            onError: {
              target: 'editing',
              actions: assign(({ event }) => {
                const { fieldErrors, formError } = submissionErrorsOf(event.error, (field) => (field === 'reason' ? 'reason' : null));
                return { reasonError: fieldErrors.reason ?? null, actionError: formError };
              }),
            },
          },
        },
      },
    },
  },
});

export type AdminCredentialsSnapshot = SnapshotFrom<typeof adminCredentialsMachine>;

export const pageCountOf = (total: number): number => Math.max(1, Math.ceil(total / ADMIN_CREDENTIALS_PAGE_SIZE));
