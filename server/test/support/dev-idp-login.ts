import { BrowserLikeClient, Reply } from './browser-like-client';

export type DemoLogin = 'learner' | 'learner-new' | 'admin';

interface LoginOptions {
  login?: DemoLogin;
  currentUrl?: string;
  cancel?: boolean;
}

/**
 * Campus /login → provider → login form, up to the provider's redirect back to the campus callback:
 * the URL the browser would open next, not yet opened.
 */
export async function reachCampusCallback(client: BrowserLikeClient, options: LoginOptions = {}): Promise<{ authorizationUrl: URL; callbackUrl: string }> {
  const currentUrl = options.currentUrl ?? `${client.origin}/mypage/profile`;
  const start = await client.request(`/api/v1/login?currentUrl=${encodeURIComponent(currentUrl)}`);
  if (start.status !== 302 || !start.location) throw new Error(`login did not redirect: ${start.status} ${start.text}`);
  const authorizationUrl = new URL(start.location);

  const isCampusCallback = (location: string) => location.startsWith(`${client.origin}/api/v1/login/callback`);
  const atInteraction = await client.follow(start.location, isCampusCallback);
  let toCallback: Reply = atInteraction;
  if (!atInteraction.location || !isCampusCallback(atInteraction.location)) {
    // The login page: submit the form (or cancel), then follow the provider back to the campus.
    const interactionPath = new URL(atInteraction.url).pathname;
    const action = options.cancel ? 'abort' : 'login';
    const form = options.cancel ? '' : new URLSearchParams({ login: options.login ?? 'learner', password: 'campus' }).toString();
    const submitted = await client.request(`${new URL(atInteraction.url).origin}${interactionPath}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    if (!submitted.location) throw new Error(`login form answered ${submitted.status}: ${submitted.text.slice(0, 200)}`);
    toCallback = await client.follow(submitted.location, isCampusCallback);
  }
  if (!toCallback.location || !isCampusCallback(toCallback.location)) {
    throw new Error(`provider did not return to the campus: ${toCallback.status} ${toCallback.location}`);
  }
  return { authorizationUrl, callbackUrl: toCallback.location };
}

/**
 * Logs in through the real dev identity provider: campus /login → provider → login form → campus
 * callback → currentUrl. Returns the campus callback's reply and where the browser ended up.
 */
export async function loginThroughDevIdp(
  client: BrowserLikeClient,
  options: LoginOptions = {},
): Promise<{ authorizationUrl: URL; callback: Reply; finalUrl: string }> {
  const { authorizationUrl, callbackUrl } = await reachCampusCallback(client, options);
  const callback = await client.request(callbackUrl);
  return { authorizationUrl, callback, finalUrl: callback.location ?? '' };
}

/** A new browser logged in as a demo account, with the agreements accepted unless told otherwise. */
export async function logInAsDemo(origin: string, login: DemoLogin, options: { acceptAgreements?: boolean } = {}): Promise<BrowserLikeClient> {
  const client = new BrowserLikeClient(origin);
  await loginThroughDevIdp(client, { login });
  if (options.acceptAgreements !== false) {
    const accepted = await client.xhr('POST', '/api/v1/agreements/accept');
    if (accepted.status !== 200) throw new Error(`accepting the agreements answered ${accepted.status}: ${accepted.text.slice(0, 200)}`);
  }
  return client;
}
