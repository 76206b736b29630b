import { createActor } from 'xstate';
import { ApiError } from '../api-client';
import { deferred } from '../../test/deferred';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { settledKnownSession } from './session.machine';
import { followSession, knownSession, learnerDataAllowed } from './known-session';

const sessionActor = (options: Parameters<typeof fakeSession>[0]) => createActor(fakeSession(options)).start();

describe('knownSession', () => {
  it('is unknown before anything was asked (a loader then asks, as before)', async () => {
    expect(await knownSession()).toBe('unknown');
    expect(await learnerDataAllowed()).toBe(true);
  });

  it.each([
    ['a visitor (GET /me answered 401)', null, 'visitor', false],
    ['a learner who has not accepted the agreements', aUser({ hasAcceptedAgreements: false }), 'agreementPending', false],
    ['a learner', aUser(), 'learner', true],
  ] as const)('follows the session machine: %s', async (_, me, known, allowed) => {
    const actor = sessionActor({ me });
    const stop = followSession(() => settledKnownSession(actor));
    expect(await knownSession()).toBe(known);
    expect(await learnerDataAllowed()).toBe(allowed);
    stop();
    expect(await knownSession()).toBe('unknown');
  });

  it('waits while the session is being checked', async () => {
    const me = deferred<ReturnType<typeof aUser>>();
    const actor = sessionActor({ me: () => me.promise });
    const stop = followSession(() => settledKnownSession(actor));
    const known = knownSession();
    me.resolve(aUser());
    expect(await known).toBe('learner');
    stop();
  });

  it('says unknown when the check failed otherwise (no connection): the loader asks and its page speaks', async () => {
    const offline = new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' });
    const actor = sessionActor({ me: () => Promise.reject(offline) });
    const stop = followSession(() => settledKnownSession(actor));
    expect(await knownSession()).toBe('unknown');
    stop();
  });

  it('follows a session that ends while the app runs', async () => {
    const actor = sessionActor({ me: aUser() });
    const stop = followSession(() => settledKnownSession(actor));
    expect(await knownSession()).toBe('learner');
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(await knownSession()).toBe('visitor');
    stop();
  });
});
