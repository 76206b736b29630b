import { LOGIN_CANCELLED, LOGIN_FAILED, LOGIN_RESULT_PARAM, type LoginResult } from '@campus/contracts/login-result';

/** The outcome the server appended to the URL after an unsuccessful login, if any. */
export function readLoginResult(search: string): LoginResult | null {
  const value = new URLSearchParams(search).get(LOGIN_RESULT_PARAM);
  return value === LOGIN_CANCELLED || value === LOGIN_FAILED ? value : null;
}
