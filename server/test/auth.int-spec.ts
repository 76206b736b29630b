import { Client } from 'pg';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { loginThroughDevIdp, reachCampusCallback } from './support/dev-idp-login';

describe('login through the dev identity provider', () => {
  let campus: Awaited<ReturnType<typeof startCampus>>;
  const newClient = () => new BrowserLikeClient(campus.api.origin);
  const sessionCookie = () => campus.api.config.session.cookieName;

  beforeAll(async () => {
    campus = await startCampus();
  });
  afterAll(async () => {
    await campus.stop();
  });

  it('answers /me with 401 and the envelope when logged out', async () => {
    const reply = await newClient().xhr('GET', '/api/v1/me');
    expect(reply.status).toBe(401);
    expect(reply.json()).toEqual({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' });
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('logs in with code flow + PKCE S256 + state + nonce and comes back to currentUrl', async () => {
    const client = newClient();
    const currentUrl = `${campus.api.origin}/mypage/profile?tab=1#top`;
    const { authorizationUrl, callback, finalUrl } = await loginThroughDevIdp(client, { login: 'learner', currentUrl });

    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${campus.api.origin}/api/v1/login/callback`);
    expect(finalUrl).toBe(currentUrl);

    const setCookie = callback.headers.getSetCookie().find((value) => value.startsWith(`${sessionCookie()}=`))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    // Beside it, the page's hint that a session may be there: no secret, readable by scripts, as long-lived.
    const hint = callback.headers.getSetCookie().find((value) => value.startsWith('campus_signed_in='))!;
    expect(hint).toMatch(/^campus_signed_in=1; /);
    expect(hint).not.toContain('HttpOnly');
    expect(hint).toContain('SameSite=Lax');
    expect(hint.match(/Max-Age=\d+/)![0]).toBe(setCookie.match(/Max-Age=\d+/)![0]);

    const me = await client.xhr('GET', '/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.json()).toEqual({
      lastName: '山田',
      firstName: '太郎',
      iconUrl: null,
      hasProfile: false,
      hasAcceptedAgreements: false,
      canMigrateFromCloudCampus: false,
      role: 'learner',
    });
  });

  it('signs two first logins of one person at once (two tabs) in to one new account', async () => {
    const tabs = [newClient(), newClient()];
    const callbacks = await Promise.all(tabs.map((tab) => reachCampusCallback(tab, { login: 'learner-new' })));
    // Both callbacks reach the campus together: each finds no account for the subject yet.
    const replies = await Promise.all(tabs.map((tab, index) => tab.request(callbacks[index]!.callbackUrl)));
    expect(replies.map((reply) => [reply.status, reply.location])).toEqual([
      [302, `${campus.api.origin}/mypage/profile`],
      [302, `${campus.api.origin}/mypage/profile`],
    ]);
    for (const tab of tabs) expect((await tab.xhr('GET', '/api/v1/me')).status).toBe(200);
    const database = new Client({ connectionString: campus.database.url });
    await database.connect();
    const accounts = await database
      .query(
        `select u.id, (select count(*)::int from events e where e.stream_id = u.id::text and e.type = 'UserRegistered') as registered
         from users u where u.subject = 'demo-learner-new'`,
      )
      .finally(() => database.end());
    expect(accounts.rows).toEqual([{ id: expect.any(String), registered: 1 }]);
  });

  it('gives the admin account the admin role', async () => {
    const client = newClient();
    await loginThroughDevIdp(client, { login: 'admin' });
    expect((await client.xhr('GET', '/api/v1/me')).json().role).toBe('admin');
  });

  it('rotates the session id at login: a planted cookie never becomes a logged-in session', async () => {
    const client = newClient();
    await client.jar.setCookie(`${sessionCookie()}=planted-by-attacker`, campus.api.origin);
    await loginThroughDevIdp(client);
    const first = await client.cookie(sessionCookie());
    expect(first).toBeDefined();
    expect(first).not.toBe('planted-by-attacker');

    // Logging in again (the provider session is still alive) issues yet another id and retires the old one.
    await loginThroughDevIdp(client);
    const second = await client.cookie(sessionCookie());
    expect(second).not.toBe(first);
    const withOldCookie = new BrowserLikeClient(campus.api.origin);
    await withOldCookie.jar.setCookie(`${sessionCookie()}=${first}`, campus.api.origin);
    expect((await withOldCookie.xhr('GET', '/api/v1/me')).status).toBe(401);
    expect((await client.xhr('GET', '/api/v1/me')).status).toBe(200);
  });

  it('returns to currentUrl with login=cancelled when the learner cancels at the provider', async () => {
    const client = newClient();
    const { finalUrl } = await loginThroughDevIdp(client, { cancel: true, currentUrl: `${campus.api.origin}/yahoo-ads?page=2` });
    expect(finalUrl).toBe(`${campus.api.origin}/yahoo-ads?page=2&login=cancelled`);
    expect((await client.xhr('GET', '/api/v1/me')).status).toBe(401);
  });

  // SITE stands for the campus origin (known once the campus runs).
  it.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    'https://user@evil.example/',
    `http://localhost.evil.example/`,
    'javascript:alert(1)',
    // The outside probe's finding: these came back as `Location: //evil.example`.
    'SITE//evil.example',
    '/.//evil.example',
    'SITE/./..//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'SITE/%2F%2Fevil.example',
    'SITE@evil.example/',
  ])('never redirects off-site: currentUrl=%s ends at the top page', async (template) => {
    const client = newClient();
    const currentUrl = template.replace('SITE', campus.api.origin);
    const { callback, finalUrl } = await loginThroughDevIdp(client, { currentUrl });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    expect(finalUrl).toBe(`${campus.api.origin}/`);
  });

  it('sends a cancelled login off-site neither: the marker goes on the top page', async () => {
    const { callback } = await loginThroughDevIdp(newClient(), { cancel: true, currentUrl: `${campus.api.origin}//evil.example` });
    expect(callback.headers.get('location')).toBe('/?login=cancelled');
  });

  it('refuses a callback without the login cookie (no login CSRF)', async () => {
    const reply = await newClient().request('/api/v1/login/callback?code=forged&state=forged');
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`${campus.api.origin}/?login=failed`);
  });

  it('logs out: the provider end-session URL comes back and the old cookie is useless', async () => {
    const client = newClient();
    await loginThroughDevIdp(client);
    const cookieBefore = await client.cookie(sessionCookie());

    expect(await client.cookie('campus_signed_in')).toBe('1');
    const reply = await client.xhr('POST', '/api/v1/generate-logout-url/', { redirectPath: campus.api.origin });
    expect(reply.status).toBe(200);
    // Both cookies go: the page knows a visitor again without asking.
    expect([await client.cookie(sessionCookie()), await client.cookie('campus_signed_in')]).toEqual([undefined, undefined]);
    const endSession = new URL(reply.json().value);
    expect(endSession.origin).toBe(process.env.IT_OIDC_ISSUER);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${campus.api.origin}/`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();

    const replay = new BrowserLikeClient(campus.api.origin);
    await replay.jar.setCookie(`${sessionCookie()}=${cookieBefore}`, campus.api.origin);
    expect((await replay.xhr('GET', '/api/v1/me')).status).toBe(401);
    const again = await client.xhr('POST', '/api/v1/generate-logout-url/', { redirectPath: campus.api.origin });
    expect(again.status).toBe(401);
    expect(again.json().code).toBe('LOGIN_REQUIRED');
  });

  it.each([
    ['idle for longer than the idle timeout', `last_seen_at = now() - interval '3 hours'`],
    ['past its absolute end', `expires_at = now() - interval '1 second'`],
  ])('ends a session %s', async (_case, change) => {
    const client = newClient();
    await loginThroughDevIdp(client);
    expect((await client.xhr('GET', '/api/v1/me')).status).toBe(200);
    const database = new Client({ connectionString: campus.database.url });
    await database.connect();
    await database.query(`update sessions set ${change}`);
    await database.end();
    expect((await client.xhr('GET', '/api/v1/me')).status).toBe(401);
    // The 401 takes both cookies away, so the next page knows a visitor without asking again.
    expect([await client.cookie(sessionCookie()), await client.cookie('campus_signed_in')]).toEqual([undefined, undefined]);
  });

  it('refuses a logout redirectPath on another site', async () => {
    const client = newClient();
    await loginThroughDevIdp(client);
    const reply = await client.xhr('POST', '/api/v1/generate-logout-url/', { redirectPath: 'https://evil.example' });
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'redirectPath' });
    expect((await client.xhr('GET', '/api/v1/me')).status).toBe(200);
  });
});
