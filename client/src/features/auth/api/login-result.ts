import { LOGIN_CANCELLED, LOGIN_FAILED, LOGIN_RESULT_PARAM, type LoginResult } from '@campus/contracts/login-result';

/** The outcome the server appended to the URL after an unsuccessful login, if any. */
export function readLoginResult(search: string): LoginResult | null {
  const value = new URLSearchParams(search).get(LOGIN_RESULT_PARAM);
  return value === LOGIN_CANCELLED || value === LOGIN_FAILED ? value : null;
}

/** Where the outcome travels once the marker is out of the address (history state of that replace). */
const STATE_KEY = 'loginResult';

/** The history state that keeps the outcome after the marker was taken out of the address. */
export function withLoginResultState(state: unknown, result: LoginResult): Record<string, unknown> {
  return { ...(state !== null && typeof state === 'object' ? state : {}), [STATE_KEY]: result };
}

/** The outcome of the login this page came back from: in the address, or already moved to history state. */
export function loginResultOf(location: { search: string; state: unknown }): LoginResult | null {
  const fromState = location.state !== null && typeof location.state === 'object' ? (location.state as Record<string, unknown>)[STATE_KEY] : null;
  return readLoginResult(location.search) ?? (fromState === LOGIN_CANCELLED || fromState === LOGIN_FAILED ? fromState : null);
}
