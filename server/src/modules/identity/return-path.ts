import { sameOriginPath } from '../../contracts/return-path.js';

/** The page to come back to after login: what the shared rule accepts, else the top page. */
export function sameOriginReturnPath(currentUrl: string | undefined, publicOrigin: string): string {
  return sameOriginPath(currentUrl, publicOrigin) ?? '/';
}

export function isSameOrigin(url: string, publicOrigin: string): boolean {
  return sameOriginPath(url, publicOrigin) !== null;
}

/** Adds `name=value` to a same-origin path, keeping its query and fragment. */
export function withQueryParam(path: string, name: string, value: string): string {
  const url = new URL(sameOriginReturnPath(path, 'http://campus.invalid'), 'http://campus.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
