import type { CurrentUser } from '@campus/contracts/current-user';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../api-client';
import { aUser } from '../../test/fixtures';
import { selectAccepting, selectAgreementRequired, selectStatus, sessionMachine, type SessionEvent } from './session.machine';

const loginRequired = () => new ApiError({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' });

interface Fakes {
  me?: () => Promise<CurrentUser>;
  accept?: () => Promise<unknown>;
  migrate?: () => Promise<{ migratedCourseSlugs: string[] }>;
  logoutUrl?: () => Promise<string>;
}

function start(fakes: Fakes = {}) {
  const navigate = jest.fn<void, [{ url: string }]>();
  const pushes: { send?: (event: SessionEvent) => void; stopped: number } = { stopped: 0 };
  const me = jest.fn(fakes.me ?? (async () => aUser()));
  const accept = jest.fn(fakes.accept ?? (async () => ({ termsVersion: '1', acceptedAt: '2026-01-01T00:00:00Z' })));
  const logoutUrl = jest.fn(fakes.logoutUrl ?? (async () => 'http://idp.test/session/end?x=1'));
  const migrate = jest.fn(fakes.migrate ?? (async () => ({ migratedCourseSlugs: ['line-ads-basic'] })));
  const machine = sessionMachine.provide({
    actors: {
      fetchMe: fromPromise(() => me()),
      acceptAgreements: fromPromise(() => accept()),
      migrateFromCloudCampus: fromPromise(() => migrate()),
      generateLogoutUrl: fromPromise(() => logoutUrl()),
      watchUser: fromCallback<SessionEvent>(({ sendBack }) => {
        pushes.send = sendBack;
        return () => {
          pushes.stopped += 1;
        };
      }),
    },
    actions: { navigate: (_, params) => navigate(params) },
  });
  const actor = createActor(machine).start();
  return { actor, navigate, pushes, me, accept, logoutUrl, migrate };
}

describe('session machine', () => {
  it('is logged out when /me answers 401', async () => {
    const { actor } = start({ me: () => Promise.reject(loginRequired()) });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snapshot.context.user).toBeNull();
    expect(selectStatus(snapshot)).toBe('loggedOut');
  });

  it('is ready when the user has accepted the agreements', async () => {
    const { actor } = start();
    const snapshot = await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    expect(snapshot.context.user).toEqual(aUser());
    expect(selectAgreementRequired(snapshot)).toBe(false);
  });

  it('requires the agreements when hasAcceptedAgreements is false', async () => {
    const { actor } = start({ me: async () => aUser({ hasAcceptedAgreements: false }) });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(snapshot.matches({ loggedIn: 'agreementRequired' })).toBe(true);
    expect(selectAgreementRequired(snapshot)).toBe(true);
  });

  it('keeps the load error and retries when /me fails for another reason', async () => {
    let calls = 0;
    const { actor } = start({
      me: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' });
        return aUser();
      },
    });
    const failed = await waitFor(actor, (s) => s.matches('unavailable'));
    expect(failed.context.loadError).toBe('通信エラー');
    actor.send({ type: 'RETRY' });
    const ready = await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    expect(ready.context.loadError).toBeNull();
  });

  it('accepts the agreements, refetches /me and becomes ready', async () => {
    let accepted = false;
    const { actor, accept, me, migrate } = start({
      me: async () => aUser({ hasAcceptedAgreements: accepted }),
      accept: async () => {
        accepted = true;
        return { termsVersion: '2026-01', acceptedAt: '2026-01-01T00:00:00Z' };
      },
    });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'agreementRequired' }));

    actor.send({ type: 'ACCEPT' });
    expect(actor.getSnapshot().matches({ loggedIn: 'accepting' })).toBe(true);

    const snapshot = await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    expect(accept).toHaveBeenCalledTimes(1);
    expect(migrate).not.toHaveBeenCalled();
    expect(me).toHaveBeenCalledTimes(2);
    expect(snapshot.context.user?.hasAcceptedAgreements).toBe(true);
    expect(snapshot.context.user?.canMigrateFromCloudCampus).toBe(false);
    expect(snapshot.context.acceptError).toBeNull();
  });

  describe('learners coming from Cloud Campus', () => {
    it('carries the badges over before accepting, then clears the flag', async () => {
      const calls: string[] = [];
      let migrated = false;
      let accepted = false;
      const { actor, migrate, accept } = start({
        me: async () => aUser({ hasAcceptedAgreements: accepted, canMigrateFromCloudCampus: !migrated }),
        migrate: async () => {
          calls.push('migrate');
          migrated = true;
          return { migratedCourseSlugs: ['line-ads-basic'] };
        },
        accept: async () => {
          calls.push('accept');
          accepted = true;
          return {};
        },
      });
      await waitFor(actor, (s) => s.matches({ loggedIn: 'agreementRequired' }));

      actor.send({ type: 'ACCEPT' });
      expect(actor.getSnapshot().matches({ loggedIn: 'migrating' })).toBe(true);
      // The popup stays up, busy, while the badges move.
      expect(selectAgreementRequired(actor.getSnapshot())).toBe(true);
      expect(selectAccepting(actor.getSnapshot())).toBe(true);

      const snapshot = await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
      expect(calls).toEqual(['migrate', 'accept']);
      expect(migrate).toHaveBeenCalledTimes(1);
      expect(accept).toHaveBeenCalledTimes(1);
      expect(snapshot.context.user).toMatchObject({ hasAcceptedAgreements: true, canMigrateFromCloudCampus: false });
    });

    it('shows the migration step even to a learner who accepted the agreements earlier', async () => {
      let migrated = false;
      const { actor, migrate } = start({
        me: async () => aUser({ canMigrateFromCloudCampus: !migrated }),
        migrate: async () => {
          migrated = true;
          return { migratedCourseSlugs: [] };
        },
      });
      const waiting = await waitFor(actor, (s) => s.matches('loggedIn') && !s.matches({ loggedIn: 'routing' }));
      expect(waiting.matches({ loggedIn: 'agreementRequired' })).toBe(true);
      actor.send({ type: 'ACCEPT' });
      await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
      expect(migrate).toHaveBeenCalledTimes(1);
    });

    it('does not accept when the migration fails, and retries both on the next ACCEPT', async () => {
      let attempts = 0;
      let done = false;
      const { actor, accept } = start({
        me: async () => aUser({ hasAcceptedAgreements: done, canMigrateFromCloudCampus: !done }),
        migrate: async () => {
          attempts += 1;
          if (attempts === 1) throw new ApiError({ message: 'サーバーでエラーが発生しました', status: 500, code: 'INTERNAL_ERROR' });
          return { migratedCourseSlugs: ['line-ads-basic'] };
        },
        accept: async () => {
          done = true;
          return {};
        },
      });
      await waitFor(actor, (s) => s.matches({ loggedIn: 'agreementRequired' }));

      actor.send({ type: 'ACCEPT' });
      const failed = await waitFor(actor, (s) => s.context.acceptError !== null);
      expect(failed.matches({ loggedIn: 'agreementRequired' })).toBe(true);
      expect(failed.context.acceptError).toBe(UNKNOWN_ERROR_MESSAGE);
      expect(accept).not.toHaveBeenCalled();

      actor.send({ type: 'ACCEPT' });
      await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
      expect(attempts).toBe(2);
      expect(accept).toHaveBeenCalledTimes(1);
    });

    it('is logged out when the migration answers 401', async () => {
      const { actor, accept } = start({
        me: async () => aUser({ hasAcceptedAgreements: false, canMigrateFromCloudCampus: true }),
        migrate: () => Promise.reject(loginRequired()),
      });
      await waitFor(actor, (s) => s.matches({ loggedIn: 'agreementRequired' }));
      actor.send({ type: 'ACCEPT' });
      await waitFor(actor, (s) => s.matches('loggedOut'));
      expect(accept).not.toHaveBeenCalled();
    });
  });

  it('goes back to agreementRequired with the error message when accepting fails, and can try again', async () => {
    let attempts = 0;
    const { actor } = start({
      me: async () => aUser({ hasAcceptedAgreements: attempts > 1 }),
      accept: async () => {
        attempts += 1;
        if (attempts === 1) {
          throw new ApiError({ message: '同時に更新されました。', status: 409, code: 'CONCURRENCY_CONFLICT' });
        }
        return {};
      },
    });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'agreementRequired' }));

    actor.send({ type: 'ACCEPT' });
    const failed = await waitFor(actor, (s) => s.context.acceptError !== null);
    expect(failed.matches({ loggedIn: 'agreementRequired' })).toBe(true);
    expect(failed.context.acceptError).toBe('同時に更新されました。');

    actor.send({ type: 'ACCEPT' });
    expect(actor.getSnapshot().context.acceptError).toBeNull();
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
  });

  it('logs out by navigating to the URL the server returns', async () => {
    const { actor, navigate, pushes } = start({ logoutUrl: async () => 'http://localhost:3001/session/end?id_token_hint=t' });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));

    actor.send({ type: 'LOGOUT' });
    expect(selectStatus(actor.getSnapshot())).toBe('loggingOut');
    await waitFor(actor, (s) => s.matches('leaving'));

    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ url: 'http://localhost:3001/session/end?id_token_hint=t' });
    expect(pushes.stopped).toBe(1); // no more live updates for a user who is leaving
  });

  it('clears the user silently when the logout call fails', async () => {
    const { actor, navigate } = start({ logoutUrl: () => Promise.reject(loginRequired()) });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));

    actor.send({ type: 'LOGOUT' });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snapshot.context.user).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('replaces the user on USER_UPDATED, from the socket or sent directly', async () => {
    const { actor, pushes } = start();
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));

    actor.send({ type: 'USER_UPDATED', user: aUser({ lastName: '佐藤', firstName: '花子' }) });
    expect(actor.getSnapshot().context.user).toMatchObject({ lastName: '佐藤', firstName: '花子' });

    // A push saying the agreements are no longer accepted (e.g. new terms) opens the dialog.
    pushes.send?.({ type: 'USER_UPDATED', user: aUser({ lastName: '佐藤', hasAcceptedAgreements: false }) });
    expect(actor.getSnapshot().matches({ loggedIn: 'agreementRequired' })).toBe(true);
    expect(actor.getSnapshot().context.user?.lastName).toBe('佐藤');
  });

  it('listens to pushes only while logged in', async () => {
    const { actor, pushes } = start({ me: () => Promise.reject(loginRequired()) });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(pushes.send).toBeUndefined();
  });

  it('forgets the user on SESSION_EXPIRED', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('is logged out when the watch says the server ended the session (logout in another tab), and stops watching', async () => {
    const { actor, pushes } = start();
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    pushes.send?.({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(pushes.stopped).toBe(1);
  });

  it('reopens the agreement step when the server answers AGREEMENT_REQUIRED', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    actor.send({ type: 'AGREEMENT_REQUIRED' });
    expect(actor.getSnapshot().matches({ loggedIn: 'agreementRequired' })).toBe(true);
    expect(actor.getSnapshot().context.user?.hasAcceptedAgreements).toBe(false);
  });
});
