import { createHash } from 'node:crypto';

export interface SessionUser {
  id: string;
  subject: string;
  role: 'learner' | 'admin';
  /** Accepted the current TERMS_VERSION (not merely some earlier one). */
  hasAcceptedAgreements: boolean;
}

/**
 * What a guard, the rate limiter and the socket gateway need to authenticate a request or a socket.
 * The sessions and users are identity's tables, and identity sits above this infrastructure; so this
 * port is declared here and identity's SessionStore implements it (IdentityModule provides it under
 * SESSION_LOOKUP). Every feature depends on the guards, and the guards must not depend on a feature:
 * one of the house's two inversions (the other is identity's `MigrationOfferAtSignIn`).
 */
export interface SessionLookup {
  /**
   * The session's user, or null when the token is unknown, idle too long or past its absolute end.
   * `fresh` skips the few seconds' reuse: a socket handshake must not outlive a logout on another process.
   */
  resolve(token: string | undefined, options?: { fresh?: boolean }): Promise<SessionUser | null>;
  /**
   * The user's role for each of these sessions still live (same rules as resolve); sessions gone, idle
   * too long or past their end are absent. Always asks the database and never counts as activity.
   */
  liveRoles(tokenHashes: readonly string[]): Promise<Map<string, SessionUser['role']>>;
}

export const SESSION_LOOKUP = Symbol('SESSION_LOOKUP');

/** What the sessions table keys a session by (and what names its sockets' room): never the token itself. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');
