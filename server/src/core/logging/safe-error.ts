/**
 * An error as a log line may carry it. Database errors bring the statement's values with them
 * (drizzle's message and `params`, PostgreSQL's `detail` "Key (…)=(…)" / "Failing row contains …",
 * PGlite's `params`), and those values are answer keys, e-mail addresses, session tokens. Only named
 * fields are kept, values quoted in driver messages are masked, and e-mail addresses are masked anywhere.
 */
export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  /** The SQL text with its placeholders ($1 …), never the values. */
  query?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  routine?: string;
  status?: number;
  cause?: SafeError;
  errors?: SafeError[];
}

const STRING_FIELDS = ['code', 'constraint', 'table', 'column', 'schema', 'routine'] as const;
const MAX_QUERY_CHARS = 1_000;
const MAX_DEPTH = 4;
const MAX_INNER_ERRORS = 5;

/** An e-mail address, also percent-encoded in a URL (%40). */
const EMAIL = /[^\s@"'<>(),;:/?&=]+(?:@|%40)[^\s@"'<>(),;:/?&=]+\.[A-Za-z]{2,}/gi;

/**
 * PostgreSQL quotes identifiers after these words ("violates unique constraint \"x\"") and values
 * elsewhere ("invalid input syntax for type uuid: \"…\""): the identifiers stay, the values go.
 */
const QUOTED = /(\b(?:constraint|relation|column|table|index|schema|type|function|sequence|encoding|database|role|operator)\s+)?"(?:[^"]|"")*"/g;

export const withoutEmails = (text: string): string => text.replace(EMAIL, '[email]');

const withoutQuotedValues = (text: string): string => text.replace(QUOTED, (quoted, keyword?: string) => (keyword ? quoted : '"[value]"'));

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  query?: unknown;
  params?: unknown;
  status?: unknown;
  cause?: unknown;
  errors?: unknown;
  [field: string]: unknown;
}

/** A database error: drizzle's wrapper (query and params) or a driver error (a five-character SQLSTATE). */
const isDatabaseError = (error: ErrorLike): boolean =>
  typeof error.query === 'string' || 'params' in error || (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code));

function messageOf(error: ErrorLike): string {
  const message = typeof error.message === 'string' ? error.message : String(error);
  // drizzle: "Failed query: <sql>\nparams: <values>"; the SQL travels in `query`, the values nowhere.
  if (typeof error.query === 'string' && message.startsWith('Failed query')) return 'Failed query';
  return withoutEmails(isDatabaseError(error) ? withoutQuotedValues(message) : message);
}

export function safeError(value: unknown, depth = 0): SafeError {
  if (value === null || typeof value !== 'object') return { type: typeof value, message: withoutEmails(String(value)) };
  const error = value as ErrorLike;
  // The class says more than `name` (pg names its errors "error"; drizzle leaves "Error").
  const className = (error.constructor as { name?: string } | undefined)?.name;
  const type = className && className !== 'Object' ? className : typeof error.name === 'string' ? error.name : 'Error';
  const message = messageOf(error);
  const safe: SafeError = { type, message };
  // The first lines of a stack repeat the message: only the frames are kept, after the safe message.
  if (typeof error.stack === 'string') {
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    safe.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  if (typeof error.query === 'string') safe.query = error.query.slice(0, MAX_QUERY_CHARS);
  for (const field of STRING_FIELDS) if (typeof error[field] === 'string') safe[field] = error[field];
  if (typeof error.status === 'number') safe.status = error.status;
  if (depth < MAX_DEPTH && error.cause !== undefined) safe.cause = safeError(error.cause, depth + 1);
  if (depth < MAX_DEPTH && Array.isArray(error.errors)) safe.errors = error.errors.slice(0, MAX_INNER_ERRORS).map((inner) => safeError(inner, depth + 1));
  return safe;
}

/**
 * An error fit to be stored where people read it (a failed job's reason in Redis, shown on the queue
 * page): database errors lose their values; any other error is itself.
 */
export function withoutQueryValues(error: unknown): unknown {
  if (error === null || typeof error !== 'object') return error;
  const chain: ErrorLike[] = [];
  for (let current = error as ErrorLike | undefined; current && typeof current === 'object' && chain.length <= MAX_DEPTH; current = current.cause as ErrorLike) chain.push(current);
  if (!chain.some(isDatabaseError)) return error;
  const safe = safeError(error);
  const innermost = [...chain].reverse().find(isDatabaseError)!;
  const replacement = new Error(`${safe.message}${innermost !== error ? `: ${messageOf(innermost)}` : ''}`);
  replacement.name = safe.type;
  replacement.stack = safe.stack;
  return Object.assign(replacement, { code: safe.code ?? (typeof innermost.code === 'string' ? innermost.code : undefined) });
}
