import type { CurrentUser } from '@campus/contracts/current-user';
import type { LoginResult } from '@campus/contracts/login-result';
import type { SessionStatus } from '../../lib/session/session.machine';

/** The guards of the spec's route table (§2), and `admin` for the admin console. */
export type GuardType = 'login' | 'agreement' | 'loginCancelled' | 'personalFeed' | 'admin';

export type GuardVerdict =
  | { kind: 'allow' }
  /** The session is still being checked: show the skeleton. */
  | { kind: 'wait' }
  /** Logged out on a protected page: the login popup. */
  | { kind: 'askLogin' }
  /** Logged in, agreements pending: the (global) agreement popup is up; keep the page behind it empty. */
  | { kind: 'awaitAgreement' }
  | { kind: 'redirect'; to: string }
  /** Logged in, but the page is for admins only: say so instead of showing it. */
  | { kind: 'forbidden' };

export interface GuardInput {
  status: SessionStatus;
  user: Pick<CurrentUser, 'hasAcceptedAgreements' | 'role'> | null;
  /** The login-result marker of the current URL. */
  loginResult: LoginResult | null;
}

export class UnknownGuardError extends Error {}

/** The first guard that does not allow the page decides; guards are checked in the order given. */
export function evaluateGuards(guards: readonly string[], { status, user, loginResult }: GuardInput): GuardVerdict {
  if (status === 'checking') return { kind: 'wait' };
  const loggedIn = status === 'loggedIn' && user !== null;
  for (const guard of guards) {
    switch (guard as GuardType) {
      case 'loginCancelled':
        // Back from a cancelled login on a protected page: asking again would loop, so go to the top page.
        if (!loggedIn && loginResult === 'cancelled') return { kind: 'redirect', to: '/?login=cancelled' };
        break;
      case 'login':
        if (!loggedIn) return { kind: 'askLogin' };
        break;
      case 'agreement':
        if (loggedIn && !user.hasAcceptedAgreements) return { kind: 'awaitAgreement' };
        break;
      case 'personalFeed':
        if (loggedIn && !user.hasAcceptedAgreements) return { kind: 'redirect', to: '/' };
        break;
      case 'admin':
        if (!loggedIn) return { kind: 'askLogin' };
        if (user.role !== 'admin') return { kind: 'forbidden' };
        break;
      default:
        throw new UnknownGuardError(`Unknown route guard type: ${guard}`);
    }
  }
  return { kind: 'allow' };
}
