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
});
