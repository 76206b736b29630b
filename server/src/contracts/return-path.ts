/** Longer return addresses are not pages of the campus (the login query allows no more either). */
export const MAX_RETURN_URL_CHARS = 2048;

/** Raw control characters, DEL and backslashes: URL parsing drops or turns them into `/`, hiding a `//host`. */
const hasSmugglingCharacter = (url: string) =>
  [...url].some((character) => character === '\\' || character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
/** What may be sent: an absolute http(s) URL, or a path that starts with exactly one slash. */
const ACCEPTED_FORM = /^(https?:\/\/|\/(?![/\\]))/i;
/** A path whose first segment is empty is read by browsers as `//host` (scheme-relative). */
const HOST_LIKE_PATH = /^\/[/\\]/;
/** Any user-info, even an empty one (`http://@site/`): a campus address never has one. */
const USER_INFO = /^https?:\/\/[^/?#]*@/i;

/** `%2F`, `%5C` and `%25` undone, however many times they were encoded. */
function unescapeSlashes(path: string): string {
  let current = path;
  for (let round = 0; round < 5; round += 1) {
    const next = current.replace(/%25/gi, '%').replace(/%2f/gi, '/').replace(/%5c/gi, '\\');
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * The one rule for every "come back here afterwards" address (after login, after the profile form):
 * the page of `origin` that `url` names, as `path?query#fragment`, or null when it names anything
 * else — another host or scheme, user-info, a scheme-relative `//host`, or a path that becomes one
 * after the URL parser's normalisation (`/.//host`, `/\host`, tabs and newlines dropped, `%2F%2F`),
 * API routes, over-long input. Framework-free: the client uses it too.
 */
export function sameOriginPath(url: string | undefined | null, origin: string): string | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_RETURN_URL_CHARS) return null;
  if (hasSmugglingCharacter(url) || !ACCEPTED_FORM.test(url) || USER_INFO.test(url)) return null;
  let parsed: URL;
  let site: URL;
  try {
    parsed = new URL(url, origin);
    site = new URL(origin);
  } catch {
    return null;
  }
  if (parsed.origin !== site.origin || parsed.username || parsed.password) return null;
  const { pathname } = parsed;
  if (HOST_LIKE_PATH.test(pathname) || HOST_LIKE_PATH.test(unescapeSlashes(pathname))) return null;
  if (pathname === '/api' || pathname.startsWith('/api/')) return null;
  return `${pathname}${parsed.search}${parsed.hash}`;
}
