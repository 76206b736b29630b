import type { CredentialVerification, CredentialVerificationRequest } from '@campus/contracts/credentials';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { FILE_TOO_LARGE_TEXT, FILE_UNREADABLE_TEXT, UNSUPPORTED_FILE_TEXT } from '../read-credential-file';
import { credentialVerifierMachine, EMPTY_INPUT_TEXT } from './credential-verifier.machine';

const aVerification = (overrides: Partial<CredentialVerification> = {}): CredentialVerification => ({
  signature: 'valid',
  reasons: [],
  issuer: { id: 'did:web:campus.example.jp', name: 'マーケティング学習キャンパス', url: 'https://campus.example.jp', isThisCampus: true },
  subject: { name: null },
  achievementName: 'LINE広告 Basic',
  validFrom: '2026-04-01T03:00:00.000Z',
  validUntil: '2027-04-01T03:00:00.000Z',
  status: 'valid',
  statusNote: null,
  format: 'jwt',
  credential: {},
  ...overrides,
});

const fileOf = (name: string, size = 10, type = '') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The machine with fake reads and calls; `verify` answers in order, recording each request. */
function start(answers: Array<() => Promise<CredentialVerification>>, readFile: (file: File) => Promise<CredentialVerificationRequest> = async () => ({ png: 'iVBORw0KGgo=' })) {
  const requests: CredentialVerificationRequest[] = [];
  const actor = createActor(
    credentialVerifierMachine.provide({
      actors: {
        verify: fromPromise(async ({ input }: { input: { request: CredentialVerificationRequest } }) => {
          requests.push(input.request);
          return answers.shift()!();
        }),
        readFile: fromPromise(({ input }: { input: { file: File } }) => readFile(input.file)),
      },
    }),
  ).start();
  return { actor, requests };
}

describe('credential verifier machine', () => {
  it('verifies pasted text and holds the answer', async () => {
    const { actor, requests } = start([async () => aVerification()]);
    actor.send({ type: 'TEXT', value: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln' });
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().matches('verifying')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'result' }));
    expect(requests).toEqual([{ credential: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln' }]);
    expect(actor.getSnapshot().context.result).toEqual(aVerification());
  });

  it('asks for input instead of sending nothing', () => {
    const { actor, requests } = start([]);
    actor.send({ type: 'TEXT', value: '   ' });
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.inputError).toBe(EMPTY_INPUT_TEXT);
    expect(requests).toEqual([]);
    // Typing clears the message.
    actor.send({ type: 'TEXT', value: '{' });
    expect(actor.getSnapshot().context.inputError).toBeNull();
  });

  it('reads a chosen file, then verifies what it read', async () => {
    const { actor, requests } = start([async () => aVerification()]);
    actor.send({ type: 'FILE', file: fileOf('badge.png', 2048, 'image/png') });
    expect(actor.getSnapshot().matches('readingFile')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'result' }));
    expect(requests).toEqual([{ png: 'iVBORw0KGgo=' }]);
    expect(actor.getSnapshot().context.fileName).toBe('badge.png');
  });

  it.each([
    ['a file over 1 MB', fileOf('big.png', 1024 * 1024 + 1, 'image/png'), FILE_TOO_LARGE_TEXT],
    ['a file of another kind', fileOf('photo.jpg', 100, 'image/jpeg'), UNSUPPORTED_FILE_TEXT],
  ])('refuses %s before reading it', (_case, file, message) => {
    const readFile = jest.fn();
    const { actor, requests } = start([], readFile);
    actor.send({ type: 'FILE', file });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.inputError).toBe(message);
    expect(readFile).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });

  it('says when a file cannot be read', async () => {
    const { actor } = start([], () => Promise.reject(new Error('NotReadableError')));
    actor.send({ type: 'FILE', file: fileOf('credential.json') });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.inputError).toBe(FILE_UNREADABLE_TEXT);
  });

  it('puts the server’s refusal of the input (400, 413) by the input, not as a failure to retry', async () => {
    const { actor } = start([() => Promise.reject(new ApiError({ message: '署名のないJWT（alg: none）は受け付けられません', status: 400, code: 'VALIDATION_FAILED', field: 'credential' }))]);
    actor.send({ type: 'TEXT', value: 'eyJhbGciOiJub25lIn0.e30.' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context).toMatchObject({ inputError: '署名のないJWT（alg: none）は受け付けられません', failure: null, result: null });
  });

  it('fails on a network error and sends the same request again on RETRY', async () => {
    const { actor, requests } = start([() => Promise.reject(new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' })), async () => aVerification({ signature: 'invalid', reasons: ['署名が内容と一致しません'] })]);
    actor.send({ type: 'TEXT', value: '{"@context":[]}' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'failed' }));
    expect(actor.getSnapshot().context.failure).toBe('通信エラー');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'result' }));
    expect(requests).toEqual([{ credential: '{"@context":[]}' }, { credential: '{"@context":[]}' }]);
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, result: { signature: 'invalid' } });
  });

  it('starts again from an answer with new text or a new file', async () => {
    const { actor, requests } = start([async () => aVerification(), async () => aVerification({ status: 'expired' })]);
    actor.send({ type: 'TEXT', value: 'a.b.c' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'result' }));
    actor.send({ type: 'FILE', file: fileOf('other.png', 10, 'image/png') });
    expect(actor.getSnapshot().context.result).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'result' }));
    expect(actor.getSnapshot().context.result?.status).toBe('expired');
    expect(requests).toHaveLength(2);
  });
});
