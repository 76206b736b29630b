import type { CredentialVerification, CredentialVerificationRequest } from '@campus/contracts/credentials';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { verifyCredential } from '../api/verify-credential';
import { FILE_UNREADABLE_TEXT, refusalOf, requestOfFile } from '../read-credential-file';

export const EMPTY_INPUT_TEXT = '認定証（JSONまたはJWT）を貼り付けるか、ファイルを選んでください';

/**
 * The public verifier: a pasted credential, or a dropped file read in the browser, sent to the campus
 * for its answer.
 *
 *   ready.idle ─ VERIFY (text) ──────────────────→ verifying ─ done ─→ ready.result
 *       └─ FILE ─→ readingFile ─ done ─→ verifying        ├ 400 / 413 ─→ ready.idle (the reason, by the input)
 *                      └ error ─→ ready.idle              └ other ───→ ready.failed ─ RETRY ─→ verifying
 *
 * A file too large (> 1 MB) or of another kind is refused before it is read. From any of `ready`'s
 * states, VERIFY or a new file starts again.
 */
export interface CredentialVerifierContext {
  text: string;
  /** The name of the file last chosen, said beside the drop zone. */
  fileName: string | null;
  /** What is (or was last) sent: kept for RETRY. */
  request: CredentialVerificationRequest | null;
  result: CredentialVerification | null;
  /** Why the input was refused (here or by the server), shown by the input. */
  inputError: string | null;
  /** Why the verification could not be made (network, server), shown with 再試行. */
  failure: string | null;
}

export type CredentialVerifierEvent = { type: 'TEXT'; value: string } | { type: 'FILE'; file: File } | { type: 'VERIFY' } | { type: 'RETRY' };

const startOver = { result: null, inputError: null, failure: null };

export const credentialVerifierMachine = setup({
  types: {
    context: {} as CredentialVerifierContext,
    events: {} as CredentialVerifierEvent,
  },
  actors: {
    readFile: fromPromise<CredentialVerificationRequest, { file: File }>(({ input }) => requestOfFile(input.file)),
    verify: fromPromise<CredentialVerification, { request: CredentialVerificationRequest }>(({ input, signal }) => verifyCredential(input.request, signal)),
  },
  guards: {
    blank: ({ context }) => context.text.trim() === '',
    fileRefused: ({ event }) => event.type === 'FILE' && refusalOf(event.file) !== null,
    inputRefused: ({ event }) => {
      const { error } = event as { error?: unknown };
      return isApiError(error) && (error.status === 400 || error.status === 413);
    },
  },
}).createMachine({
  id: 'credentialVerifier',
  context: { text: '', fileName: null, request: null, result: null, inputError: null, failure: null },
  initial: 'ready',
  on: {
    TEXT: { actions: assign({ text: ({ event }) => event.value, inputError: null }) },
  },
  states: {
    // Waiting for input: before any verification, with an answer, or after a failure. New text or a file starts again.
    ready: {
      initial: 'idle',
      on: {
        VERIFY: [
          { guard: 'blank', target: '.idle', actions: assign({ ...startOver, inputError: EMPTY_INPUT_TEXT }) },
          { target: 'verifying', actions: assign(({ context }) => ({ ...startOver, request: { credential: context.text } })) },
        ],
        FILE: [
          { guard: 'fileRefused', target: '.idle', actions: assign(({ event }) => ({ ...startOver, fileName: event.file.name, inputError: refusalOf(event.file) })) },
          { target: 'readingFile', actions: assign(({ event }) => ({ ...startOver, fileName: event.file.name })) },
        ],
      },
      states: {
        idle: {},
        result: {},
        failed: { on: { RETRY: { target: '#credentialVerifier.verifying', actions: assign({ failure: null }) } } },
      },
    },
    readingFile: {
      invoke: {
        src: 'readFile',
        input: ({ event }) => ({ file: (event as Extract<CredentialVerifierEvent, { type: 'FILE' }>).file }),
        onDone: { target: 'verifying', actions: assign({ request: ({ event }) => event.output }) },
        onError: { target: 'ready.idle', actions: assign({ inputError: FILE_UNREADABLE_TEXT }) },
      },
    },
    verifying: {
      invoke: {
        src: 'verify',
        input: ({ context }) => ({ request: context.request! }),
        onDone: { target: 'ready.result', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          { guard: 'inputRefused', target: 'ready.idle', actions: assign({ inputError: ({ event }) => errorMessageOf(event.error) }) },
          { target: 'ready.failed', actions: assign({ failure: ({ event }) => errorMessageOf(event.error) }) },
        ],
      },
    },
  },
});

export type CredentialVerifierSnapshot = SnapshotFrom<typeof credentialVerifierMachine>;
