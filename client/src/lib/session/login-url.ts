import { LOGIN_RESULT_PARAM } from '@campus/contracts/login-result';
import { login } from '@campus/contracts/routes/identity';

/**
 * The login route with `currentUrl`: a top-level navigation, not an XHR: the server sends the
 * browser to the provider and, after login, back to `currentUrl` (same origin only). A leftover
 * login-result marker is not carried into the next attempt.
 */
export function loginUrl(currentUrl: string): string {
  let target = currentUrl;
  try {
    const url = new URL(currentUrl);
    url.searchParams.delete(LOGIN_RESULT_PARAM);
    target = url.href;
  } catch {
    /* not an absolute URL: send it as it is, the server falls back to the top page */
  }
  return `${login.path}?currentUrl=${encodeURIComponent(target)}`;
}
