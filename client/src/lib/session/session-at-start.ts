import type { CurrentUser } from '@campus/contracts/current-user';
import { isApiError } from '../api-client';
import { getMe } from './api/get-me';
import { knowSessionFromStartCheck } from './known-session';

let askedAtStart: Promise<CurrentUser> | null = null;

/**
 * Asks who is logged in (`getMe`) as the app starts, alongside the first page's code and data, so
 * that the first paint already knows who is logged in instead of redrawing the header a moment
 * later. The returned promise settles, never rejects, when the answer is in; the answer itself goes
 * to the session machine.
 */
export function checkSessionAtStart(): Promise<void> {
  askedAtStart = getMe();
  knowSessionFromStartCheck(askedAtStart);
  return askedAtStart.then(
    () => undefined,
    () => undefined,
  );
}

/** 401 and 403 are answers about the session; anything else is a failure to report. */
const isSessionAnswer = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

/**
 * The session machine's check: the answer asked at start, used once; after that a new request. A
 * start check that failed otherwise (no connection, a server error) is asked again, because it
 * failed before the app could show the communication-error popup for it.
 */
export function getMeOnceFromStart(): Promise<CurrentUser> {
  const early = askedAtStart;
  askedAtStart = null;
  if (!early) return getMe();
  return early.catch((error: unknown) => (isSessionAnswer(error) ? Promise.reject(error) : getMe()));
}
