/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * PostgreSQL SQLSTATEs that say "not now" rather than "wrong": connection exceptions (class 08),
 * too many connections, and the server shutting down or still starting up (57P01–57P03).
 */
const isUnavailableSqlState = (code: string) => code.startsWith('08') || ['53300', '57P01', '57P02', '57P03'].includes(code);

/** What pg, pg-pool and ioredis say when the server went away, in their own words. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Connection terminated due to connection timeout/,
  /is not queryable/,
  /^Connection is closed\.?$/,
];

const IOREDIS_GAVE_UP = 'MaxRetriesPerRequestError';

/**
 * True when an error means PostgreSQL or Redis is away (down, restarting, unreachable) rather than
 * that the request or the code is wrong: such a request deserves a 503 and a retry, not a 500.
 * Follows `cause` (drizzle wraps driver errors) and AggregateError's `errors` (a refused connection
 * to both 127.0.0.1 and ::1).
 */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const { code, message, name, cause, errors } = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  if (name === IOREDIS_GAVE_UP || (error as { constructor?: { name?: string } }).constructor?.name === IOREDIS_GAVE_UP) return true;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDependencyUnavailable(inner, depth + 1))) return true;
  return isDependencyUnavailable(cause, depth + 1);
}
