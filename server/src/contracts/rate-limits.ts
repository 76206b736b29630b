/**
 * Route classes of the API's rate limits. Each route of `api-routes.ts` names its class there
 * (`rateLimit`); the numbers of every class are in this one table. Reads are not limited.
 */
export const RATE_LIMIT_CLASSES = ['login', 'anonymousWrite', 'learnerWrite', 'examAnswer', 'adminWrite'] as const;

export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];

export interface RateLimit {
  /** Requests counted together: a fixed window starting at the first one. */
  windowSeconds: number;
  /** Per client address (an IPv6 client counts by its /64). */
  perIp: number;
  /** Per logged-in user, whatever address they come from; null for classes without a user. */
  perUser: number | null;
}

/**
 * The production defaults. Per-address numbers leave room for a school or office behind one NAT
 * address; per-user numbers are far above what a person clicking can reach. RATE_LIMIT_SCALE
 * multiplies every number and RATE_LIMITS overrides single ones (config.ts).
 */
export const DEFAULT_RATE_LIMITS: Record<RateLimitClass, RateLimit> = {
  /** Login start and callback, one point each: 60 logins a minute from one address. */
  login: { windowSeconds: 60, perIp: 120, perUser: null },
  /** Short links, analytics batches (≤ 50 reports each), lesson questionnaires. */
  anonymousWrite: { windowSeconds: 60, perIp: 240, perUser: null },
  /** Favourites, visits, completions, feedback, printable-name checks, profile, agreements, exam start and submit, logout. */
  learnerWrite: { windowSeconds: 60, perIp: 1200, perUser: 120 },
  /**
   * Answer saves. A learner answering 20 questions in a minute, changing some and resending with
   * keepalive, stays under 100: 600 is never met by a real exam, only by a script.
   */
  examAnswer: { windowSeconds: 60, perIp: 6000, perUser: 600 },
  adminWrite: { windowSeconds: 60, perIp: 300, perUser: 60 },
};
