/**
 * The path to come back to after login: only same-origin http(s) URLs are honoured, anything else
 * (other hosts, `//host`, `javascript:`, user-info tricks) falls back to the top page.
 */
export function sameOriginReturnPath(currentUrl: string | undefined, publicOrigin: string): string {
  const parsed = parseSameOrigin(currentUrl, publicOrigin);
  if (!parsed || parsed.pathname.startsWith('/api/')) return '/';
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export function isSameOrigin(url: string, publicOrigin: string): boolean {
  return parseSameOrigin(url, publicOrigin) !== null;
}

function parseSameOrigin(url: string | undefined, publicOrigin: string): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, publicOrigin);
    return parsed.origin === publicOrigin && !parsed.username && !parsed.password ? parsed : null;
  } catch {
    return null;
  }
}

/** Adds `name=value` to a same-origin path, keeping its query and fragment. */
export function withQueryParam(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://campus.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
