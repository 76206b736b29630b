import { AppError } from '../../core/errors/app-error.js';

/**
 * NUL characters and lone UTF-16 surrogates are refused at the edge: PostgreSQL cannot store either
 * in text or jsonb (it failed the request with a 500), and no field of the campus has a use for them.
 * Checked once for every request — the URL in the first hook, the JSON body once parsed — so no
 * handler has to think about them.
 */

/** A `%` not starting an escape is a literal percent sign (`100%`), as the query parser reads it. */
const STRAY_PERCENT = /%(?![0-9a-f]{2})/gi;

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const BAD_CHARACTER = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isClean = (text: string) => !BAD_CHARACTER.test(text);

/** The decoded text, or null when its escapes are not UTF-8 (`%ED%A0%80` is an encoded lone surrogate). */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(STRAY_PERCENT, '%25'));
  } catch {
    return null;
  }
}

const refusal = (field: string) => new AppError('VALIDATION_FAILED', `${field}: 使えない文字（NUL や不正な文字コード）が含まれています`, field);

/** The path and each query parameter of a raw request URL; names the query parameter when it can. */
export function refuseBadBytesInUrl(url: string): AppError | null {
  // Node refuses raw control bytes in the request line, so a NUL or a surrogate can only come escaped.
  if (!url.includes('%')) return null;
  const queryAt = url.indexOf('?');
  const pathname = decoded(queryAt === -1 ? url : url.slice(0, queryAt));
  if (pathname === null || !isClean(pathname)) return refusal('path');
  if (queryAt === -1) return null;
  for (const pair of url.slice(queryAt + 1).split('&')) {
    const equals = pair.indexOf('=');
    const key = decoded((equals === -1 ? pair : pair.slice(0, equals)).replace(/\+/g, ' '));
    if (key === null || !isClean(key)) return refusal('query');
    const value = equals === -1 ? '' : decoded(pair.slice(equals + 1).replace(/\+/g, ' '));
    if (value === null || !isClean(value)) return refusal(key);
  }
  return null;
}

/**
 * Every key and string of a parsed JSON body; names the field by its path (`events.0.params.note`),
 * or the object holding a bad key. A loop, not recursion: a megabyte of `[[[[…` must not overflow the stack.
 */
export function refuseBadBytesInBody(body: unknown): AppError | null {
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (!isClean(value)) return refusal(path || 'body');
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (!isClean(key)) return refusal(path || 'body');
        pending.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}
