import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { aCredentialLink } from '../../../test/certificate-fixtures';
import { credentialLinkMachine } from './credential-link.machine';

const notFound = () => new ApiError({ message: 'デジタル認定証がみつかりませんでした', status: 404, code: 'NOT_FOUND' });

describe('credential link machine', () => {
  it('holds the link once found', async () => {
    const actor = createActor(credentialLinkMachine, { input: { load: async () => aCredentialLink() } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.link).toEqual(aCredentialLink());
  });

  it('tells a credential not signed yet (404) from a failure, and asks again on RETRY', async () => {
    const answers: (() => Promise<ReturnType<typeof aCredentialLink>>)[] = [() => Promise.reject(notFound()), () => Promise.reject(new Error('offline')), async () => aCredentialLink()];
    const actor = createActor(credentialLinkMachine, { input: { load: () => answers.shift()!() } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('notIssued'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  });

  it('reads again when the credential is pushed as issued, without a retry click, and stops listening once shown', async () => {
    let issued: (() => void) | null = null;
    const stop = jest.fn();
    const answers: (() => Promise<ReturnType<typeof aCredentialLink>>)[] = [() => Promise.reject(notFound()), async () => aCredentialLink()];
    const actor = createActor(credentialLinkMachine, {
      input: {
        load: () => answers.shift()!(),
        onIssued: (listener) => {
          issued = listener;
          return stop;
        },
      },
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('notIssued'));
    issued!();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.link).toEqual(aCredentialLink());
    expect(answers).toHaveLength(0);
    actor.stop();
    expect(stop).toHaveBeenCalled();
  });

  it('asks again when the push comes while a read is on its way (that read may predate the signing)', async () => {
    let issued: (() => void) | null = null;
    let answerFirst: ((error: unknown) => void) | null = null;
    const answers: (() => Promise<ReturnType<typeof aCredentialLink>>)[] = [
      () => new Promise((_, reject) => (answerFirst = reject)),
      async () => aCredentialLink(),
    ];
    const actor = createActor(credentialLinkMachine, {
      input: { load: () => answers.shift()!(), onIssued: (listener) => ((issued = listener), () => undefined) },
    }).start();
    issued!();
    answerFirst!(notFound());
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(answers).toHaveLength(0);
  });
});
