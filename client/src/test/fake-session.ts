import type { CurrentUser } from '@campus/contracts/current-user';
import { fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../lib/api-client';
import { sessionMachine, type SessionEvent } from '../lib/session/session.machine';

export const loginRequiredError = () =>
  new ApiError({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' });

export interface FakeSessionOptions {
  /** GET /me; null = logged out (401). */
  me?: CurrentUser | null | (() => Promise<CurrentUser>);
  accept?: () => Promise<unknown>;
  /** PUT /migrate-from-cloud-campus/ (default: nothing to carry over). */
  migrate?: () => Promise<{ migratedCourseSlugs: string[] }>;
  logoutUrl?: () => Promise<string>;
  navigate?: (url: string) => void;
}

/** The real session machine with fake API calls, no socket and a recorded navigation. */
export function fakeSession(options: FakeSessionOptions = {}): typeof sessionMachine {
  const me = options.me;
  return sessionMachine.provide({
    actors: {
      fetchMe: fromPromise<CurrentUser>(() => {
        if (typeof me === 'function') return me();
        if (me === null || me === undefined) return Promise.reject(loginRequiredError());
        return Promise.resolve(me);
      }),
      acceptAgreements: fromPromise(() => options.accept?.() ?? Promise.resolve({})),
      migrateFromCloudCampus: fromPromise(() => options.migrate?.() ?? Promise.resolve({ migratedCourseSlugs: [] })),
      generateLogoutUrl: fromPromise(() => options.logoutUrl?.() ?? Promise.resolve('http://idp.test/session/end')),
      watchUser: fromCallback<SessionEvent>(() => () => {}),
    },
    actions: { navigate: (_, params) => options.navigate?.(params.url) },
  });
}
