import type { CurrentUser } from '@campus/contracts/current-user';
import { isApiError } from '../api-client';

/**
 * What a route loader knows of the session before it asks for a learner's own data: a visitor,
 * or a learner who has not accepted the agreements yet, is answered by the route guard (login
 * popup, agreement popup), so the loader does not call an API that would only answer 401 / 400.
 * `unknown` (no answer says yet, or the session check failed): the loader asks, as before.
 */
export type KnownSession = 'unknown' | 'visitor' | 'agreementPending' | 'learner';

export const knownSessionOfUser = (user: Pick<CurrentUser, 'hasAcceptedAgreements'>): KnownSession =>
  user.hasAcceptedAgreements ? 'learner' : 'agreementPending';

const ofStartError = (error: unknown): KnownSession => (isApiError(error) && error.status === 401 ? 'visitor' : 'unknown');

const UNKNOWN: Promise<KnownSession> = Promise.resolve('unknown');
const toUnknown = () => UNKNOWN;
let source: () => Promise<KnownSession> = toUnknown;

/** The session as the route loaders see it: the start check's answer, then the session machine's. */
export const knownSession = (): Promise<KnownSession> => source();

/**
 * The first page's loaders run before React (and the session machine) is up: they go by the
 * GET /me asked at start (session-at-start.ts) — a visitor's one call that answers 401.
 */
export function knowSessionFromStartCheck(answer: Promise<CurrentUser>): void {
  const known = answer.then(knownSessionOfUser, ofStartError);
  source = () => known;
}

/**
 * From now on the session machine says (it follows logouts, expired sessions and acceptances):
 * `settled` is its answer once its check is done (session.machine.ts `settledKnownSession`). Returns the undo.
 */
export function followSession(settled: () => Promise<KnownSession>): () => void {
  const follow = () => settled().catch(toUnknown);
  source = follow;
  return () => {
    if (source === follow) source = toUnknown;
  };
}

/** Whether a loader may ask for the learner's own data: the `login` and `agreement` guards would let the page show. */
export async function learnerDataAllowed(): Promise<boolean> {
  const known = await knownSession();
  return known === 'learner' || known === 'unknown';
}
